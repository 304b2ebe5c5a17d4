export const placeholder = 'domain';
