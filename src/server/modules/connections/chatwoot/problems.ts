/** Problem codes of the chatwoot connection and their English texts (shown under `server.` in the connections messages). */
export const chatwootProblems = {
  chatwootConnectionNotFound: 'Chatwoot connection not found',
  chatwootAddressInvalid: 'Enter the Chatwoot address, e.g. https://app.chatwoot.com',
  chatwootAddressRefused: 'This address cannot be reached from the cabinet (a private or local network address)',
  chatwootUnreachable: 'Nothing answers at this address; check the Chatwoot address',
  chatwootNotChatwoot: 'No Chatwoot answers at this address',
  chatwootAccountNotFound: 'No Chatwoot account with this id for this access token',
  chatwootTokenRejected: 'Chatwoot refused the access token',
  chatwootInboxRefused: 'Chatwoot did not let the cabinet create its inbox: the token needs administrator rights in the account',
} as const;
