import { z } from 'zod';

/**
 * The study token (docs/decisions/0164-study-token.md): a short-lived, read-only JWT (HS256, the secret
 * VIEWER_TOKEN_SECRET that the cases service signs with and imaging verifies with) for exactly the studies of one
 * case (the case's study and the priors listed with it), for one user, in the case's company. DICOMweb's read routes
 * take it as `Authorization: Bearer <token>` and serve only those studies; STOW and every other route refuse it.
 */
export const STUDY_TOKEN_TTL_SECONDS = 900;
export const STUDY_TOKEN_ISSUER = 'rayworks-cases';
export const STUDY_TOKEN_AUDIENCE = 'rayworks-dicomweb';
/** The JWT header's `typ`: how a verifier tells a study token from an access token before verifying it. */
export const STUDY_TOKEN_TYPE = 'rayworks-study+jwt';
export const STUDY_TOKEN_SCOPE = 'read';
/** The most studies one token names (the case's study and its priors). */
export const STUDY_TOKEN_MAX_STUDIES = 50;

export const studyTokenClaimsSchema = z
  .object({
    iss: z.literal(STUDY_TOKEN_ISSUER),
    aud: z.union([
      z.literal(STUDY_TOKEN_AUDIENCE),
      z.array(z.string()).refine((a) => a.includes(STUDY_TOKEN_AUDIENCE)),
    ]),
    /** The user the token was made for. */
    sub: z.uuid(),
    /** Their login name, for the audit entries of what they read. */
    ln: z.string().min(1).max(200),
    /** The case's company (a marketplace radiologist, of no company, reads in the case's). */
    tid: z.uuid(),
    /** The case. */
    cid: z.uuid(),
    /** The Study Instance UIDs it opens. */
    studies: z
      .array(
        z
          .string()
          .max(64)
          .regex(/^[0-9]+(\.[0-9]+)*$/),
      )
      .min(1)
      .max(STUDY_TOKEN_MAX_STUDIES),
    scope: z.literal(STUDY_TOKEN_SCOPE),
    iat: z.number().int(),
    exp: z.number().int(),
  })
  .strip();
export type StudyTokenClaims = z.infer<typeof studyTokenClaimsSchema>;

/** The viewer's messages (designed: the specification gives none but the Cloud Upload Pending one, in CASE_MESSAGES). */
export const VIEWER_MESSAGES = {
  linkExpired: 'This viewer link has expired. Open the case again from the worklist.',
  noAccess: 'You do not have access to this case.',
  annotationSaved: 'Annotation Saved Successfully',
  annotationDeleted: 'Annotation Deleted Successfully',
  annotationNotFound: 'Annotation not found',
  annotationStudyMismatch: 'The annotation is not on a study of this case',
  tooManyAnnotations: 'This case has too many annotations; delete some first',
  noStudy: 'The case has no study to view yet',
  /** A compared study whose frame of reference does not overlap the current one's: it scrolls on its own (0346). */
  notLinked: 'Not linked: another frame of reference',
  /** A prior in the priors panel whose report is not final (or has none). */
  priorNoFinalReport: 'No final report',
} as const;
