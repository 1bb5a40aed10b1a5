import { checkEveryScreen, VARIANTS } from '../support/every-screen';

/** Every screen an administrator reaches passes axe-core (no critical or serious violation) in the light theme at phone width (390 px): lists as cards, the menu behind the burger. */
checkEveryScreen(VARIANTS.lightPhone);
