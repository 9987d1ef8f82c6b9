import { useMemo } from 'react';
import type { T } from '../../../i18n/translate.ts';
import { countryOptions, DEFAULT_COUNTRY_ID } from '../../../shared/countries.ts';
import { browserOffset, DEFAULT_TIME_ZONE, formatOffset, OFFSETS, offsetOfZone } from '../../../shared/time-zones.ts';
import { inputClass } from '../../../ui/classes.ts';

interface CountryProps {
  t: T;
  id: string;
  locale: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/**
 * The country choice (§3: ~200 countries, names in the page's language, sorted by them). A native select: the
 * browser's type-to-find and keyboard work over 250 entries, and no list of names is shipped.
 */
export function CountrySelect({ t, id, locale, value, error, onChange }: CountryProps) {
  const options = useMemo(() => countryOptions(locale), [locale]);
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">{t('country')}</label>
      <select id={id} name="countryId" required value={value} onChange={(e) => onChange(e.target.value)} className={inputClass}
        aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
        <option value="">{t('countryPlaceholder')}</option>
        {options.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
        <option value={DEFAULT_COUNTRY_ID}>{t('countryOther')}</option>
      </select>
      {error && <p id={errorId} className="m-0 text-sm text-red-700" data-field-error>{error}</p>}
    </div>
  );
}

/** A named zone stored before (Europe/Moscow…), offered as "keep it"; null when the zone is a GMT offset. */
export type KeptZone = { zone: string; offset: number } | null;

interface ZoneProps {
  t: T;
  /** The offset chosen, or '' to keep `kept`. */
  value: string;
  kept: KeptZone;
  onChange: (value: string) => void;
}

/** The business time zone as GMT-12 … GMT+12 (§3). */
export function TimeZoneSelect({ t, value, kept, onChange }: ZoneProps) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="time-zone" className="font-medium">{t('timeZone')}</label>
      <select id="time-zone" name="timeZoneOffset" value={value} onChange={(e) => onChange(e.target.value)} className={inputClass} aria-describedby="time-zone-hint">
        {kept && <option value="">{t('timeZoneKept', { zone: kept.zone, gmt: t('gmt', { offset: formatOffset(kept.offset) }) })}</option>}
        {OFFSETS.map((h) => <option key={h} value={h}>{t('gmt', { offset: formatOffset(h) })}</option>)}
      </select>
      <p id="time-zone-hint" className="m-0 text-sm text-ink-muted">{t('timeZoneHint')}</p>
    </div>
  );
}

/**
 * How the zone select starts for the stored zone: a GMT offset is selected; a named zone (Europe/Moscow…) is offered
 * as "keep it". Where the zone was never chosen (still the default), `suggest` preselects the browser's offset (§9).
 */
export function zoneChoice(stored: string | undefined, offset: number, suggest: boolean): { zone: string; kept: KeptZone } {
  const zone = stored ?? DEFAULT_TIME_ZONE;
  if (zone.startsWith('Etc/GMT')) return { zone: String(offsetOfZone(zone)), kept: null };
  if (suggest && zone === DEFAULT_TIME_ZONE) return { zone: String(browserOffset()), kept: null };
  return { zone: '', kept: { zone, offset } };
}
