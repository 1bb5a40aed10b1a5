import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { LIMS_API, OUTSOURCING_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { ManifestsService } from './manifests.service.js';

const M = OUTSOURCING_MESSAGES;

@ApiTags('outsourcing')
@Controller()
export class ManifestsController {
  constructor(@Inject(ManifestsService) private readonly manifests: ManifestsService) {}

  @ApiContract(LIMS_API.findManifests, 'Manifests of samples sent to outsourcing labs, with their progress')
  async find({ access, body }: ContractCall<typeof LIMS_API.findManifests>) {
    return apiOk(await this.manifests.list(access, body));
  }

  @ApiContract(LIMS_API.getManifest, 'A manifest with its samples, barcodes, tests and patients')
  async get({ access, body, client }: ContractCall<typeof LIMS_API.getManifest>) {
    return apiOk(await this.manifests.get(access, body.id, client));
  }

  @ApiContract(LIMS_API.findManifestCandidates, 'Accepted samples with tests the outsourcing lab performs')
  async candidates({ access, body, client }: ContractCall<typeof LIMS_API.findManifestCandidates>) {
    return apiOk(await this.manifests.candidates(access, body, client));
  }

  @ApiContract(LIMS_API.createManifest, 'Puts accepted samples on a new manifest to an outsourcing lab')
  async create({ access, body, client }: ContractCall<typeof LIMS_API.createManifest>) {
    const manifest = await this.manifests.create(access, body, client);
    return apiOk(manifest, M.manifestCreated(manifest.number));
  }

  @ApiContract(LIMS_API.dispatchManifest, 'Hands a manifest to the courier')
  async dispatch({ access, body, client }: ContractCall<typeof LIMS_API.dispatchManifest>) {
    return apiOk(await this.manifests.dispatch(access, body, client), M.dispatched);
  }

  @ApiContract(LIMS_API.receiveManifest, 'Marks a manifest received by the outsourcing lab')
  async receive({ access, body, client }: ContractCall<typeof LIMS_API.receiveManifest>) {
    return apiOk(await this.manifests.receive(access, body, client), M.received);
  }

  @ApiContract(LIMS_API.cancelManifest, 'Cancels a draft manifest (its samples may go on another)')
  async cancel({ access, body, client }: ContractCall<typeof LIMS_API.cancelManifest>) {
    return apiOk(await this.manifests.cancel(access, body, client), M.cancelled);
  }
}
