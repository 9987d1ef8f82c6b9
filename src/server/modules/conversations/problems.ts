/** The codes of the conversations routes' problems and their English texts. */
export const conversationProblems = {
  conversationNotFound: 'Conversation not found',
} as const;
