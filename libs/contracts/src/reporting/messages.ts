/**
 * Reporting's messages (spec §8 word for word where the spec gives them; 'A Transcriptionist is already working on the
 * case' is CASE_MESSAGES.transcriptionistWorking, shared with the worklist). The designed ones say what was refused.
 */
export const REPORTING_MESSAGES = {
  saved: 'Report saved successfully',
  mailSent: 'Mail Sent Successfully',
  uploadSignature: 'Please Upload Signature In Profile',
} as const;
