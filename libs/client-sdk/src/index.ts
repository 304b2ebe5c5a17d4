export const placeholder = 'client-sdk';
