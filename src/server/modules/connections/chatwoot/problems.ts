/** Problem codes of the chatwoot connection and their English texts (shown under `server.` in the connections messages). */
export const chatwootProblems = {
} as const;
