/**
 * Pixel limits of a flow image (docs/flows.md "Image"): the server reads them from the file's header before
 * accepting it (server/modules/flows/image-header.ts); the editor states them in its hint.
 */
export const IMAGE_MAX_SIDE = 4096;
/** The long side at most this many times the short one (Telegram's sendPhoto limit). */
export const IMAGE_MAX_RATIO = 20;
