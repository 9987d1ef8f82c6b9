/** Problem codes of the amo connection and their English texts (shown under `server.` in the connections messages). */
export const amoProblems = {
  amoNotConfigured: 'amoCRM is not set up on this server (the operator has no amoCRM integration)',
  amoParametersMissing: 'Missing amoCRM connection parameters: start the connection again from the amoCRM page',
  amoCodeRejected: 'amoCRM did not accept the authorization: it may have expired; start the connection again',
  amoNotFound: 'amoCRM connection not found',
  amoTokenRejected: 'amoCRM no longer accepts this connection: connect again',
  amoStatusUnknown: 'This amoCRM pipeline status does not exist in the account',
} as const;
