import { describe, expect, it } from 'vitest';
import { BookingLinks, bookingUrl, type BookingSearch } from './booking-url.js';

const SEARCH: BookingSearch = {
  checkIn: '2027-03-01',
  checkOut: '2027-03-04',
  adults: 2,
  children: 1,
  infants: 0,
  rooms: 1,
  device: 'MOBILE',
  currency: 'EUR',
  lang: 'pt',
};

describe('bookingUrl', () => {
  it('puts the search on the property link, in camelCase, in one order', () => {
    expect(bookingUrl('https://book.example/acme001', SEARCH)).toBe(
      'https://book.example/acme001?checkIn=2027-03-01&checkOut=2027-03-04&adults=2&children=1&infants=0&rooms=1&currency=EUR&device=MOBILE&lang=pt',
    );
  });

  it('adds the room and rate when the link is for one rate', () => {
    const url = new URL(bookingUrl('https://book.example/acme001', SEARCH, { room: 'DBL', rate: 'FLEX' }));
    expect(url.searchParams.get('room')).toBe('DBL');
    expect(url.searchParams.get('rate')).toBe('FLEX');
  });

  it('keeps the catalog link’s own parameters, and ours win on a clash', () => {
    const url = new URL(bookingUrl('https://book.example/p?utm_source=widget&lang=en', SEARCH));
    expect(url.searchParams.get('utm_source')).toBe('widget');
    expect(url.searchParams.getAll('lang')).toEqual(['pt']);
  });

  it('leaves out what the search does not say', () => {
    const url = new URL(bookingUrl('https://book.example/p', { checkIn: '2027-03-01', checkOut: '2027-03-02', adults: 1, children: 0, currency: 'USD', lang: 'en' }));
    expect([...url.searchParams.keys()]).toEqual(['checkIn', 'checkOut', 'adults', 'children', 'currency', 'lang']);
  });
});

describe('BookingLinks', () => {
  // Plain links take the quick way (the search appended), the others bookingUrl's; links a URL
  // parser rewrites (case, default port, dot segments, a bare origin) must come out as it writes them.
  const LINKS = [
    'https://book.example/acme001',
    'HTTPS://Book.Example:443/a/./b/../acme001',
    'https://book.example',
    'https://book.example/p?utm_source=widget&lang=en',
    'https://book.example/p?',
    'https://book.example/p#rooms',
    'https://book.example/p#',
    'https://book.example/caf\u00e9 1',
  ];

  it.each(LINKS)('gives %s the link bookingUrl gives it, the first time and again', (link) => {
    const links = new BookingLinks(SEARCH);
    expect(links.forProperty(link)).toBe(bookingUrl(link, SEARCH));
    expect(links.forProperty(link)).toBe(bookingUrl(link, SEARCH));
  });

  it('encodes the search as a query string does', () => {
    const search = { ...SEARCH, lang: 'pt BR&x=1' };
    expect(new URL(new BookingLinks(search).forProperty('https://book.example/p')).searchParams.get('lang')).toBe('pt BR&x=1');
  });

  it('refuses what is no URL, as bookingUrl does', () => {
    expect(() => new BookingLinks(SEARCH).forProperty('not a link')).toThrow(TypeError);
  });
});
