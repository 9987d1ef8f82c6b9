/** Problem codes of the booking-systems connection and their English texts (shown under `server.` in the connections messages). */
export const bookingSystemProblems = {
} as const;
