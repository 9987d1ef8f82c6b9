import { describe, expect, it } from 'vitest';
import { fromLocal, intlLocalTime, localTime } from '../../../src/server/delivery/time.ts';

// localTime reads a cached offset per zone and quarter hour; it must agree with Intl everywhere.
const ZONES = Intl.supportedValuesOf('timeZone');
const FROM = Date.UTC(1990, 0, 1);
const TO = Date.UTC(2045, 0, 1);

/** A deterministic spread of instants (a fixed-seed generator: a failure names an instant that stays failing). */
function* instants(count: number, seed: number) {
  let x = seed;
  for (let i = 0; i < count; i++) {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    yield FROM + Math.floor((x / 2 ** 31) * (TO - FROM));
  }
}

describe('localTime', () => {
  it(`agrees with Intl in every zone (${ZONES.length}) at spread instants 1990–2045`, () => {
    for (const zone of ZONES) {
      for (const ms of instants(60, zone.length * 7919)) expect(localTime(ms, zone), `${zone} ${new Date(ms).toISOString()}`).toEqual(intlLocalTime(ms, zone));
    }
  }, 30_000);

  it('agrees with Intl minute by minute across daylight-saving changes and odd offsets', () => {
    const days: [string, number][] = [
      ['Europe/Berlin', Date.UTC(2026, 2, 29)],
      ['Europe/Berlin', Date.UTC(2026, 9, 25)],
      ['America/Sao_Paulo', Date.UTC(2018, 10, 4)],
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 5)], // a 30-minute change
      ['Asia/Kathmandu', Date.UTC(2026, 0, 1)], // +05:45
      ['America/St_Johns', Date.UTC(2026, 2, 8)], // -03:30 with DST
      ['Europe/Moscow', Date.UTC(2014, 9, 26)], // the 2014 change
    ];
    for (const [zone, day] of days) {
      for (let ms = day - 86_400_000; ms < day + 86_400_000; ms += 60_000) expect(localTime(ms, zone), `${zone} ${new Date(ms).toISOString()}`).toEqual(intlLocalTime(ms, zone));
    }
  }, 30_000);

  it('turns back into the instant through fromLocal', () => {
    const at = Date.UTC(2026, 6, 15, 9, 30);
    const l = localTime(at, 'Asia/Kathmandu');
    expect(fromLocal('Asia/Kathmandu', l.year, l.month, l.day, l.hour, l.minute)).toBe(at);
  });
});
