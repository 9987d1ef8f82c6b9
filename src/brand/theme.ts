// A brand's look as page data: one CSS build serves all brands (docs/shell.md "Build"), so the colours the kit's
// classes name (uno.config.ts: var(--brand) …) are set per page on :root, and the icon is a data: URL.
import type { Brand } from './schema.ts';

/** The declarations of :root for the brand's theme. */
export const themeStyle = ({ theme }: Brand): string =>
  `:root{--brand:${theme.primary};--brand-dark:${theme.primaryDark};--brand-light:${theme.primaryLight};--accent:${theme.accent}}`;

/** The favicon (the logo when the brand names none); undefined when the brand has neither. */
export const faviconHref = (brand: Brand): string | undefined => {
  const svg = brand.favicon ?? brand.logo;
  return svg ? `data:image/svg+xml,${encodeURIComponent(svg)}` : undefined;
};
