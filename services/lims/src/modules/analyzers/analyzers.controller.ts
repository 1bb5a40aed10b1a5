import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ANALYZER_MESSAGES, LIMS_API } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { AnalyzersService } from './analyzers.service.js';

const M = ANALYZER_MESSAGES;

@ApiTags('analyzers')
@Controller()
export class AnalyzersController {
  constructor(@Inject(AnalyzersService) private readonly analyzers: AnalyzersService) {}

  @ApiContract(LIMS_API.findAnalyzers, "The company's analyzers")
  async find({ access, body }: ContractCall<typeof LIMS_API.findAnalyzers>) {
    return apiOk(await this.analyzers.list(access, body));
  }

  @ApiContract(LIMS_API.createAnalyzer, 'Registers an analyzer with the identity it sends (HL7 MSH-3/MSH-4, ASTM H-5)')
  async create({ access, body }: ContractCall<typeof LIMS_API.createAnalyzer>) {
    return apiOk(await this.analyzers.create(access, body), M.analyzer.created);
  }

  @ApiContract(LIMS_API.updateAnalyzer, "Changes an analyzer's name, protocol or sending identity")
  async update({ access, body }: ContractCall<typeof LIMS_API.updateAnalyzer>) {
    return apiOk(await this.analyzers.update(access, body), M.analyzer.updated);
  }

  @ApiContract(LIMS_API.analyzerStatus, 'Activates or inactivates an analyzer (an inactive one is refused: AR / NAK)')
  async status({ access, body }: ContractCall<typeof LIMS_API.analyzerStatus>) {
    const analyzer = await this.analyzers.setActive(access, body.id, body.isActive);
    return apiOk(analyzer, body.isActive ? M.analyzer.activated : M.analyzer.inactivated);
  }

  @ApiContract(LIMS_API.getAnalyzerCodes, "An analyzer's code map")
  async codes({ access, body }: ContractCall<typeof LIMS_API.getAnalyzerCodes>) {
    return apiOk(await this.analyzers.codes(access, body.id));
  }

  @ApiContract(LIMS_API.saveAnalyzerCodes, "Replaces an analyzer's code map (analyzer code → test and parameter)")
  async saveCodes({ access, body }: ContractCall<typeof LIMS_API.saveAnalyzerCodes>) {
    return apiOk(await this.analyzers.saveCodes(access, body), M.codesSaved);
  }
}
