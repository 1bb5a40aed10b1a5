export { SampleRejectedNotices } from './components/SampleRejectedNotices';
