/**
 * The islands run on preact/compat (astro.config.mjs loads this before any island hydrates). React runs the effects
 * of an update in a task right after it commits; Preact by default waits for the next animation frame, which does
 * not come in a background tab or under a test's paused clock, and lets a fast keystroke overtake a pending effect.
 * Run them as React does: in a task posted right after the commit.
 */
import { options } from 'preact';

const pending: Array<() => void> = [];
const channel = new MessageChannel();
channel.port1.onmessage = () => {
  for (const callback of pending.splice(0)) callback();
};

options.requestAnimationFrame = (callback) => {
  pending.push(callback);
  if (pending.length === 1) channel.port2.postMessage(null);
};
