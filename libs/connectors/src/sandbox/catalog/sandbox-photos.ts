import { hashString } from '../random.js';

/**
 * Stands for the service itself in the sandbox's photo URLs: the sandbox data cannot know where
 * the service runs, so the HTTP edge puts the origin each request reached in its place. A
 * reserved `.example` name, so a URL that escapes unreplaced points nowhere real.
 */
export const SANDBOX_PHOTO_ORIGIN = 'https://this-service.example';

/** Where the service serves the sandbox's photos: `<path>/<property code>/<width>.svg`. */
export const SANDBOX_PHOTO_PATH = '/sandbox/photos';

/** The widths of a property's photo sizes: default, medium, large (all 4:3). */
export const SANDBOX_PHOTO_WIDTHS = { default: 640, medium: 1024, large: 1920 } as const;

const PHOTO_WIDTHS: ReadonlySet<number> = new Set(Object.values(SANDBOX_PHOTO_WIDTHS));

/** A property's photo URLs, before the edge puts in the service's origin. */
export function sandboxPhotos(code: string): { default: string; medium: string; large: string } {
  const url = (width: number) => `${SANDBOX_PHOTO_ORIGIN}${SANDBOX_PHOTO_PATH}/${code}/${width}.svg`;
  return { default: url(SANDBOX_PHOTO_WIDTHS.default), medium: url(SANDBOX_PHOTO_WIDTHS.medium), large: url(SANDBOX_PHOTO_WIDTHS.large) };
}

/**
 * A small picture of a hotel under a sky, its colours and floors drawn from the property code,
 * so the same code always gets the same picture. Undefined for a width the sandbox does not make.
 */
export function sandboxPhotoSvg(code: string, width: number): string | undefined {
  if (!PHOTO_WIDTHS.has(width)) return undefined;
  const seed = hashString(`photo:${code}`);
  const hue = seed % 360;
  const floors = 3 + (seed >>> 9) % 6;
  const wide = 200 + (seed >>> 13) % 160;
  const top = 440 - floors * 40;
  const left = (640 - wide) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${(width * 3) / 4}" viewBox="0 0 640 480">` +
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,62%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,86%)"/></linearGradient>` +
    `<pattern id="w" width="40" height="40" patternUnits="userSpaceOnUse" x="${left}" y="${top}">` +
    `<rect x="10" y="12" width="20" height="18" fill="hsl(48,90%,80%)"/></pattern></defs>` +
    `<rect width="640" height="480" fill="url(#s)"/>` +
    `<circle cx="${100 + (seed >>> 5) % 440}" cy="80" r="36" fill="hsl(45,100%,92%)"/>` +
    `<rect x="${left}" y="${top}" width="${wide}" height="${480 - top}" fill="hsl(${(hue + 180) % 360},22%,38%)"/>` +
    `<rect x="${left}" y="${top}" width="${wide}" height="${440 - top}" fill="url(#w)"/>` +
    `<rect y="440" width="640" height="40" fill="hsl(${(hue + 120) % 360},30%,40%)"/>` +
    `<text x="16" y="470" font-family="sans-serif" font-size="22" fill="#fff">${code} · sandbox</text></svg>`
  );
}
