import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BILLING_API, PACKAGE_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { PackagesService } from './packages.service.js';

@ApiTags('catalogue')
@Controller()
export class PackagesController {
  constructor(@Inject(PackagesService) private readonly packages: PackagesService) {}

  @ApiContract(BILLING_API.findPackages, "The company's packages, searched by code or name")
  async find({ access, body }: ContractCall<typeof BILLING_API.findPackages>) {
    return apiOk(await this.packages.list(access, body));
  }

  @ApiContract(BILLING_API.getPackage, 'One package with its tests')
  async get({ access, body }: ContractCall<typeof BILLING_API.getPackage>) {
    return apiOk(await this.packages.get(access, body.id));
  }

  @ApiContract(BILLING_API.createPackage, 'Adds a package of active tests')
  async create({ access, body }: ContractCall<typeof BILLING_API.createPackage>) {
    return apiOk(await this.packages.create(access, body), PACKAGE_MESSAGES.created);
  }

  @ApiContract(BILLING_API.updatePackage, "Changes a package's name and tests (its code stays)")
  async update({ access, body }: ContractCall<typeof BILLING_API.updatePackage>) {
    return apiOk(await this.packages.update(access, body), PACKAGE_MESSAGES.updated);
  }

  @ApiContract(BILLING_API.packageStatus, 'Activates or inactivates a package')
  async status({ access, body }: ContractCall<typeof BILLING_API.packageStatus>) {
    const found = await this.packages.setActive(access, body.id, body.isActive);
    return apiOk(found, body.isActive ? PACKAGE_MESSAGES.activated : PACKAGE_MESSAGES.inactivated);
  }
}
