import { Controller } from '@nestjs/common';
import { companiesRpc } from '@limo/contracts';
import { OnRpc, type RpcRequest } from '@limo/messaging';
import { CompanyMonths } from './company-months.js';
import { CompanyTransfers } from './company-transfers.use-case.js';
import { ManageCompanies } from './manage-companies.use-case.js';

/** The admin's companies, a company's month, and a booker's company and transfers (issue 37). */
@Controller()
export class CompaniesHandlers {
  constructor(
    private readonly manage: ManageCompanies,
    private readonly months: CompanyMonths,
    private readonly transfers: CompanyTransfers,
  ) {}

  @OnRpc(companiesRpc.list)
  list() {
    return this.manage.list();
  }

  @OnRpc(companiesRpc.create)
  create(request: RpcRequest<typeof companiesRpc.create>) {
    return this.manage.create(request);
  }

  @OnRpc(companiesRpc.get)
  get({ companyId }: RpcRequest<typeof companiesRpc.get>) {
    return this.manage.get(companyId);
  }

  @OnRpc(companiesRpc.update)
  update(request: RpcRequest<typeof companiesRpc.update>) {
    return this.manage.update(request);
  }

  @OnRpc(companiesRpc.putBooker)
  putBooker(request: RpcRequest<typeof companiesRpc.putBooker>) {
    return this.manage.putBooker(request);
  }

  @OnRpc(companiesRpc.removeBooker)
  removeBooker(request: RpcRequest<typeof companiesRpc.removeBooker>) {
    return this.manage.removeBooker(request);
  }

  @OnRpc(companiesRpc.changePlan)
  changePlan(request: RpcRequest<typeof companiesRpc.changePlan>) {
    return this.manage.changePlan(request);
  }

  @OnRpc(companiesRpc.month)
  month(request: RpcRequest<typeof companiesRpc.month>) {
    return this.months.month(request);
  }

  @OnRpc(companiesRpc.bookerCompany)
  bookerCompany({ email }: RpcRequest<typeof companiesRpc.bookerCompany>) {
    return this.transfers.bookerCompany(email);
  }

  @OnRpc(companiesRpc.transfers)
  companyTransfers(request: RpcRequest<typeof companiesRpc.transfers>) {
    return this.transfers.forBooker(request);
  }

  @OnRpc(companiesRpc.reserveTransfer)
  async reserveTransfer(request: RpcRequest<typeof companiesRpc.reserveTransfer>) {
    await this.transfers.reserve(request);
    return {};
  }

  @OnRpc(companiesRpc.releaseTransfer)
  async releaseTransfer({ reservationId }: RpcRequest<typeof companiesRpc.releaseTransfer>) {
    await this.transfers.release(reservationId);
    return {};
  }
}
