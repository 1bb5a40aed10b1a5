import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { AUTH_API, adminMessages } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { DoctorsService } from './doctors.service.js';

type Body<K extends keyof typeof AUTH_API> = z.output<(typeof AUTH_API)[K]['body']>;
const DOCTOR = adminMessages('Doctor');

@ApiTags('doctors')
@Controller()
export class DoctorsController {
  constructor(@Inject(DoctorsService) private readonly doctors: DoctorsService) {}

  @ApiContract(AUTH_API.getDoctors, 'Doctors, paged, searched and sorted on the server')
  async list(@CurrentAccess() access: RequestAccess, @ContractBody(AUTH_API.getDoctors) body: Body<'getDoctors'>) {
    return apiOk(await this.doctors.list(access, body));
  }

  @ApiContract(AUTH_API.getDoctorById, 'One doctor, by id and profile id')
  async get(@CurrentAccess() access: RequestAccess, @ContractBody(AUTH_API.getDoctorById) body: Body<'getDoctorById'>) {
    return apiOk(await this.doctors.get(access, body.id, body.profileID));
  }

  @ApiContract(AUTH_API.createDoctor, 'Creates a doctor')
  async create(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.createDoctor) body: Body<'createDoctor'>,
  ) {
    return apiOk(await this.doctors.create(access, body), DOCTOR.created);
  }

  @ApiContract(AUTH_API.updateDoctor, 'Updates a doctor')
  async update(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.updateDoctor) body: Body<'updateDoctor'>,
  ) {
    return apiOk(await this.doctors.update(access, body), DOCTOR.updated);
  }

  @ApiContract(AUTH_API.doctorStatus, 'Activates or inactivates a doctor')
  async status(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.doctorStatus) body: Body<'doctorStatus'>,
  ) {
    return apiOk(
      await this.doctors.setStatus(access, body.id, body.isActive),
      body.isActive ? DOCTOR.activated : DOCTOR.inactivated,
    );
  }
}
