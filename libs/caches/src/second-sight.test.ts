import { describe, expect, it } from 'vitest';
import { SecondSight } from './second-sight.js';

describe('second sight', () => {
  it('tells a key asked before from one asked for the first time', () => {
    const doorkeeper = new SecondSight(1_024);
    expect(doorkeeper.askedBefore('/v1/shopper/ACME001?checkIn=2026-12-01')).toBe(false);
    expect(doorkeeper.askedBefore('/v1/shopper/ACME001?checkIn=2026-12-01')).toBe(true);
    expect(doorkeeper.askedBefore('/v1/shopper/ACME001?checkIn=2026-12-02')).toBe(false);
    expect(doorkeeper.askedBefore('')).toBe(false);
    expect(doorkeeper.askedBefore('')).toBe(true);
  });

  it('remembers recent keys only: with two slots, a thousand other keys push the first one out', () => {
    const doorkeeper = new SecondSight(2);
    doorkeeper.askedBefore('first');
    for (let i = 0; i < 1_000; i++) doorkeeper.askedBefore(`other ${i}`);
    expect(doorkeeper.askedBefore('first')).toBe(false);
  });

  it('remembers nearly every one of keys far fewer than its slots, however alike they are', () => {
    const doorkeeper = new SecondSight(4_096);
    const keys = Array.from({ length: 100 }, (_, i) => `/v1/shopper/MEGA${String(i).padStart(4, '0')}?currency=EUR`);
    for (const key of keys) doorkeeper.askedBefore(key);
    const remembered = keys.filter((key) => doorkeeper.askedBefore(key)).length;
    expect(remembered).toBeGreaterThan(90);
  });

  it('remembers every key of a set asked in turn, again and again, when they are far fewer than its slots', () => {
    const doorkeeper = new SecondSight(1_000);
    const keys = Array.from({ length: 160 }, (_, i) => `["ACME${String(1 + (i % 40)).padStart(3, '0')}","en",{"checkIn":"2026-12-${String(1 + (i % 28)).padStart(2, '0')}","adults":"2"}]`);
    expect(new Set(keys).size).toBe(160);
    for (const key of keys) doorkeeper.askedBefore(key);
    for (let lap = 0; lap < 3; lap++) expect(keys.filter((key) => doorkeeper.askedBefore(key))).toHaveLength(160);
  });
});
