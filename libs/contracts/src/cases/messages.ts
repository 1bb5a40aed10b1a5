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
  // designed: the other transitions' answers (issue 10 actions; docs/decisions/0123-assignment-and-typists.md)
  unassigned: 'Case Unassigned Successfully',
  recallAccepted: 'Recall Accepted Successfully',
  recallRejected: 'Recall Rejected Successfully',
  held: 'Case Put On Hold Successfully',
  holdReleased: 'Case Released From Hold Successfully',
  reverted: 'Case Reverted Successfully',
  sentToTypist: 'Case Sent To Transcriptionist Successfully',
  transcriptionStarted: 'Transcription Started Successfully',
  sentForReview: 'Case Submitted For Review Successfully',
  addendumStarted: 'Addendum Started Successfully',
  flagged: 'Case Flag Updated Successfully',
  legendUpdated: 'Case Legend Updated Successfully',
  notARadiologistOfCentre: "The radiologist is not an active radiologist of the case's centre",
  notATypistOfCentre: "The transcriptionist is not an active transcriptionist of the case's centre",
  chooseTypist: 'Choose a Transcriptionist for the case',
  seriesNotOfCase: 'Every part must be series of the case, each in one part only',
  radiologistRequired: 'Select a radiologist to assign the case to',
  fusionCentreRequired: 'Select a fusion centre to send the case to',
  // designed: who an assignment went to, and the warning before giving work to someone offline
  // (docs/decisions/0349-assign-confirmation-and-picker.md)
  assignedTo: (name: string, assigned: number, chosen: number) =>
    chosen === 1
      ? `Assigned to ${name}`
      : assigned === chosen
        ? `${assigned} cases assigned to ${name}`
        : `${assigned} of ${chosen} cases assigned to ${name}`,
  assigneeOfflineTitle: (name: string) => `${name} is offline`,
  assigneeOffline: (name: string) =>
    `${name} is offline: the work waits in their worklist until they come online. Choose someone online, or assign anyway.`,
} as const;

/** The marketplace's answers (designed; docs/decisions/0147-marketplace-offers.md, 0148-first-accept-wins.md). */
export const MARKETPLACE_MESSAGES = {
  offered: 'Case Offered To Marketplace Successfully',
  withdrawn: 'Offer Withdrawn Successfully',
  accepted: CASE_MESSAGES.accepted,
  returned: 'Case Returned To Marketplace Successfully',
  /** The loser of two marketplace radiologists accepting at once (409). */
  alreadyTaken: 'The case has already been accepted by another radiologist',
  /** Offer, withdraw, accept or reject of a case without the matching offer (409). */
  notOffered: 'The case is not offered to the marketplace',
  alreadyOffered: 'The case is already offered to the marketplace',
} as const;

/** Fusion's answers (designed; docs/decisions/0149-fusion-contracts.md, 0150-fusion-reach.md). */
export const FUSION_MESSAGES = {
  sent: 'Case Sent To Fusion Successfully',
  updated: 'Fusion Case Updated Successfully',
  recalled: 'Case Recalled From Fusion Successfully',
  /** /fusion/send to a fusion centre the case's group has no active contract with (409). */
  noContract: "The case's group has no fusion contract with this fusion centre",
  contractCreated: 'Fusion Contract Created Successfully',
  contractExists: 'A fusion contract between this group and this fusion centre already exists',
  notAFusionCentre: 'The fusion centre was not found',
} as const;
