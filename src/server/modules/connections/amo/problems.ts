/** Problem codes of the amo connection and their English texts (shown under `server.` in the connections messages). */
export const amoProblems = {
} as const;
