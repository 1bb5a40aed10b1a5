/** Who is calling from where: the kit's one reading of the request (libs/nest-kit/src/auth/client-info.ts). */
export { clientInfoOf, type ClientInfo } from '@rayworks/nest-kit';
