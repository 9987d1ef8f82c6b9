/** Problem codes of the iiko connection and their English texts (shown under `server.` in the connections messages). */
export const iikoProblems = {
} as const;
