export const placeholder = 'auth';
