/** xhr2 (XMLHttpRequest for node, used to run dicomweb-client in tests) ships no types. */
declare module 'xhr2' {
  const XMLHttpRequest: unknown;
  export default XMLHttpRequest;
}
