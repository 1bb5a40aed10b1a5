import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { LAB_TEST_MESSAGES, LIMS_API } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { LabTestsService } from './lab-tests.service.js';

@ApiTags('catalogue')
@Controller()
export class LabTestsController {
  constructor(@Inject(LabTestsService) private readonly tests: LabTestsService) {}

  @ApiContract(LIMS_API.findLabTests, "The company's lab test definitions, searched by code or name")
  async find({ access, body }: ContractCall<typeof LIMS_API.findLabTests>) {
    return apiOk(await this.tests.list(access, body));
  }

  @ApiContract(LIMS_API.getLabTest, "A lab test's definition and its current parameters, by billing's code")
  async get({ access, body }: ContractCall<typeof LIMS_API.getLabTest>) {
    return apiOk(await this.tests.get(access, body.code));
  }

  @ApiContract(LIMS_API.createLabTest, 'Defines a lab test for a code (its parameters, when given, are version 1)')
  async create({ access, body }: ContractCall<typeof LIMS_API.createLabTest>) {
    return apiOk(await this.tests.create(access, body), LAB_TEST_MESSAGES.created);
  }

  @ApiContract(LIMS_API.updateLabTest, "Changes a lab test's definition; changed parameters are its next version")
  async update({ access, body }: ContractCall<typeof LIMS_API.updateLabTest>) {
    return apiOk(await this.tests.update(access, body), LAB_TEST_MESSAGES.updated);
  }

  @ApiContract(LIMS_API.labTestVersions, "A lab test's parameter versions, newest first")
  async versions({ access, body }: ContractCall<typeof LIMS_API.labTestVersions>) {
    return apiOk(await this.tests.versions(access, body.code));
  }

  @ApiContract(LIMS_API.getLabTestVersion, 'One parameter version, by id (what a result was judged by)')
  async version({ access, body }: ContractCall<typeof LIMS_API.getLabTestVersion>) {
    return apiOk(await this.tests.version(access, body.id));
  }

  @ApiContract(LIMS_API.findMeasurements, "The parameters of every lab test's current version")
  async measurements({ access, body }: ContractCall<typeof LIMS_API.findMeasurements>) {
    return apiOk(await this.tests.measurements(access, body));
  }

  @ApiContract(LIMS_API.uploadLabCatalogue, 'A tests or measurements file (CSV or XLSX), all or nothing')
  async upload({ access, body }: ContractCall<typeof LIMS_API.uploadLabCatalogue>) {
    const result = await this.tests.upload(access, body);
    return apiOk(result, LAB_TEST_MESSAGES.uploaded(result.created + result.updated, result.versions));
  }
}
