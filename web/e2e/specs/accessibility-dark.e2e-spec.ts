import { checkEveryScreen, VARIANTS } from '../support/every-screen';

/** Every screen an administrator reaches passes axe-core (no critical or serious violation) in the dark theme at desktop width (1440 px). */
checkEveryScreen(VARIANTS.darkDesktop);
