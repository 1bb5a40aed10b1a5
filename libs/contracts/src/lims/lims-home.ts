import { CONSOLE_ROUTES } from '../console/routes.js';

/**
 * /lims, the laboratory's home (spec §2: /lims and its children; docs/decisions/0338): its screens in the order of a
 * sample's day, each with what it is for. The console shows those the user's privileges open.
 */
export const LIMS_HOME = {
  title: 'LIMS',
  description: 'The laboratory’s day: samples received, results validated, reports sent.',
  nothing: 'Your role opens none of the laboratory’s screens.',
  screens: [
    {
      path: CONSOLE_ROUTES.limsSampleaccession,
      title: 'Sample Accession',
      text: 'Scan each tube as it reaches the lab; accept it, or reject it with a reason.',
    },
    {
      path: CONSOLE_ROUTES.limsLisvalidation,
      title: 'LIS Validation',
      text: 'Enter or review the results of each order, then validate and sign them.',
    },
    {
      path: CONSOLE_ROUTES.limsTestreporting,
      title: 'Test Reporting',
      text: 'Print, mail or send by SMS the lab reports of signed orders.',
    },
  ],
} as const;
