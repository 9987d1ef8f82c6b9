/**
 * §5 field texts and §8 flow texts, in English; keys double as codes for translation (i18n namespace `flows`).
 * One copy for the server's problems and bulk results and the browser's toasts.
 */
export const flowMessages = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be at most 200 characters',
  contentRequired: 'Message text is required',
  contentTooLong: 'Message text must be at most 4096 characters',
  sendingHoursInvalid: 'Sending hours: FROM must be less than TO, both between 0 and 24',
  delayInvalid: 'Delay must be a whole number of minutes, 0 or more',
  endDateTooSoon: 'The flow must run at least 1 day: choose a later end date',
  endDateTooSoonHourly: 'The flow must run at least 1 hour: choose a later end time',
  buttonsTooMany: 'At most 3 buttons',
  buttonTypeRepeated: 'Only one button of each type',
  buttonDisabledType: 'Only simple answer buttons can be enabled',
  buttonTextRequired: 'Button text is required',
  urlInvalid: 'The text entered is not a valid URL',
  imageFormat: 'Images: PNG, JPG, JPEG only',
  imageTooBig: 'The image must be at most 5 MB',
  imageDimensions: 'The image must be at most {{max}} × {{max}} pixels, its sides at most {{ratio}} times each other (this one is {{width}} × {{height}})',
  imageNotStored: 'Only the image uploaded to this flow can be kept: upload the file instead of giving its address',
  rangeInvalid: 'FROM must be less than TO, or both -1',
  filterValueUnknown: 'Choose values from the list',
  categoryInvalid: 'A category must be 1 to 100 characters',
  testPhoneInvalid: 'Test number is not valid',
  findRequired: 'Text to find is required',
  // §8
  flowInvalidId: 'Flow invalid id',
  imageNotFound: 'No image',
  flowNotAvailable: 'Flow not available in the tariff',
  flowGetFailed: 'Failed to get the flow',
  flowRemoved: 'Flow removed',
  flowRemoveFailed: 'Failed to remove the flow',
  flowStopped: 'Flow stopped',
  flowStopFailed: 'Failed to stop the flow: it is not running',
  flowResumed: 'Flow resumed',
  flowResumeFailed: 'Failed to resume the flow: it is already running',
  flowDuplicated: 'Flow duplicated',
  flowDuplicateFailed: 'Failed to duplicate the flow',
  // §8 bulk forms (the list's bulk actions)
  flowsGetFailed: 'Failed to get the flows',
  flowsRemoved: 'Flows removed',
  flowsRemoveFailed: 'Failed to remove the flows',
  flowsStopped: 'Flows stopped',
  flowsStopFailed: 'Failed to stop the flows',
  flowsResumed: 'Flows resumed',
  flowsResumeFailed: 'Failed to resume the flows',
  testPhonesChanged: 'Test number changed',
  textChanged: 'Text changed',
  textNotFound: 'The text to find is not in this flow',
  // A flow sending through a WhatsApp Business account (docs/flows.md "WhatsApp Business template")
  wabaTemplateNotApproved: 'Choose one of the approved templates of this WhatsApp Business account',
  wabaVariablesMissing: 'Choose a variable or enter a text for each variable of the template',
} as const;
export type FlowMessageKey = keyof typeof flowMessages;

