import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BILLING_API, TEST_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { TestsService } from './tests.service.js';

@ApiTags('catalogue')
@Controller()
export class TestsController {
  constructor(@Inject(TestsService) private readonly tests: TestsService) {}

  @ApiContract(BILLING_API.findTests, "The company's billable tests, searched by code or name")
  async find({ access, body }: ContractCall<typeof BILLING_API.findTests>) {
    return apiOk(await this.tests.list(access, body));
  }

  @ApiContract(BILLING_API.getTest, 'One billable test')
  async get({ access, body }: ContractCall<typeof BILLING_API.getTest>) {
    return apiOk(await this.tests.get(access, body.id));
  }

  @ApiContract(BILLING_API.createTest, 'Adds a billable test with a code of its own')
  async create({ access, body }: ContractCall<typeof BILLING_API.createTest>) {
    return apiOk(await this.tests.create(access, body), TEST_MESSAGES.created);
  }

  @ApiContract(BILLING_API.updateTest, "Changes a test's details (its code stays)")
  async update({ access, body }: ContractCall<typeof BILLING_API.updateTest>) {
    return apiOk(await this.tests.update(access, body), TEST_MESSAGES.updated);
  }

  @ApiContract(BILLING_API.testStatus, 'Activates or inactivates a test')
  async status({ access, body }: ContractCall<typeof BILLING_API.testStatus>) {
    const test = await this.tests.setActive(access, body.id, body.isActive);
    return apiOk(test, body.isActive ? TEST_MESSAGES.activated : TEST_MESSAGES.inactivated);
  }
}
