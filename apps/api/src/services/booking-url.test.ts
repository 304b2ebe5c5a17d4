import { describe, expect, it } from 'vitest';
import { bookingUrl, type BookingSearch } from './booking-url.js';

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
