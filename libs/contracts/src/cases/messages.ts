/** The worklist's messages (spec §8, word for word), and the clear refusals the cases service answers. */
export const CASE_MESSAGES = {
  assigned: 'Case Assigned Successfully',
  accepted: 'Case Accepted Successfully',
  rejected: 'Case Rejected Successfully',
  recallRequested: 'Recall Requested Successfully',
  completed: 'Case Completed Successfully',
  splitted: 'Case Splitted Successfully',
  rollbacked: 'Case is Rollbacked Successfully',
  noPatientsToAssign: 'There are no patients available to assign to the case.',
  transcriptionistWorking: 'A Transcriptionist is already working on the case',
  cloudUploadPending: 'Case is in Cloud Upload Pending state, Switch to Exe Viewer to view the case.',
  // designed (the specification gives no words for these refusals)
  notFound: 'Case not found',
  conflict: 'The case was changed by someone else. Refresh and try again.',
  actionNotAllowed: (action: string, status: string) => `${action} is not allowed on a case in ${status}`,
  reasonRequired: 'A reason is required',
  radiologistRequired: 'Select a radiologist to assign the case to',
  fusionCentreRequired: 'Select a fusion centre to send the case to',
} as const;
