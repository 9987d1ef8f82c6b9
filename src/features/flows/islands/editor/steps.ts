// The editor's steps and its address: pure, so the unit tests can check them without a browser.

/** Editor steps, in order; the URL's last segment (`/flows/edit/<id>/<step>`). An unknown step shows the first. */
export const STEPS = ['message', 'buttons', 'timing', 'filters', 'mode'] as const;
export type Step = (typeof STEPS)[number];

/** Which step holds a field path of the shared rules (`buttons.1.text` → buttons). */
export function stepOf(field: string): Step {
  const head = field.split('.')[0]!;
  if (head === 'buttons') return 'buttons';
  if (head === 'sendingHours' || head === 'delayMinutes' || head === 'endDate') return 'timing';
  if (head === 'filters') return 'filters';
  if (head === 'testPhones' || head === 'mode' || head === 'connectionId' || head === 'wabaTemplate' || head === 'wabaVariables') return 'mode';
  return 'message';
}

export interface EditorLocation {
  /** Everything before `/flows/edit` (a locale prefix such as `/en`), to build step links. */
  base: string;
  flowId: number | undefined;
  step: Step;
  /** The URL named a step that does not exist (or none): the editor replaces it with the first. */
  corrected: boolean;
}

export function parseLocation(pathname: string): EditorLocation {
  const match = /^(.*)\/flows\/edit\/([^/]+)(?:\/([^/]+))?\/?$/.exec(pathname);
  const id = Number(match?.[2]);
  const step = (STEPS as readonly string[]).includes(match?.[3] ?? '') ? (match![3] as Step) : STEPS[0];
  return { base: match?.[1] ?? '', flowId: Number.isInteger(id) && id > 0 ? id : undefined, step, corrected: step !== match?.[3] };
}

export const stepPath = (loc: EditorLocation, step: Step) => `${loc.base}/flows/edit/${loc.flowId}/${step}`;
