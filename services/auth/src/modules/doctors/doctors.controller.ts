import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AUTH_API, adminMessages } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { DoctorsService } from './doctors.service.js';

const DOCTOR = adminMessages('Doctor');

@ApiTags('doctors')
@Controller()
export class DoctorsController {
  constructor(@Inject(DoctorsService) private readonly doctors: DoctorsService) {}

  @ApiContract(AUTH_API.getDoctors, 'Doctors, paged, searched and sorted on the server')
  async list({ access, body }: ContractCall<typeof AUTH_API.getDoctors>) {
    return apiOk(await this.doctors.list(access, body));
  }

  @ApiContract(AUTH_API.getDoctorById, 'One doctor, by id and profile id')
  async get({ access, body }: ContractCall<typeof AUTH_API.getDoctorById>) {
    return apiOk(await this.doctors.get(access, body.id, body.profileID));
  }

  @ApiContract(AUTH_API.createDoctor, 'Creates a doctor')
  async create({ access, body }: ContractCall<typeof AUTH_API.createDoctor>) {
    return apiOk(await this.doctors.create(access, body), DOCTOR.created);
  }

  @ApiContract(AUTH_API.updateDoctor, 'Updates a doctor')
  async update({ access, body }: ContractCall<typeof AUTH_API.updateDoctor>) {
    return apiOk(await this.doctors.update(access, body), DOCTOR.updated);
  }

  @ApiContract(AUTH_API.doctorStatus, 'Activates or inactivates a doctor')
  async status({ access, body }: ContractCall<typeof AUTH_API.doctorStatus>) {
    return apiOk(
      await this.doctors.setStatus(access, body.id, body.isActive),
      body.isActive ? DOCTOR.activated : DOCTOR.inactivated,
    );
  }
}
