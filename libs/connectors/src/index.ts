export const placeholder = 'connectors';
