import { expect, test } from 'vitest';
import { placeholder } from './index.js';
test('wired', () => expect(placeholder).toBe('domain'));
