export { CriticalAlertsBanner } from './components/CriticalAlertsBanner';
export { CriticalFlagButton } from './components/CriticalFlagButton';
