/** Problem codes of the iiko connection and their English texts (shown under `server.` in the connections messages). */
export const iikoProblems = {
  iikoNotFound: 'iiko connection not found',
  iikoApiLoginRejected: 'iiko did not accept the API login: check it in iikoWeb (Settings → API settings)',
  iikoAlreadyConnected: 'This API login is already connected',
  iikoOrganizationUnreachable: 'The API login does not reach this organization',
  iikoOrganizationTaken: 'This organization is linked in another cabinet',
  iikoOrganizationNotFound: 'iiko organization not found',
  iikoWebhookTaken: 'iiko already sends this organization’s events to another address ({{uri}}); replace it to receive them here',
} as const;
