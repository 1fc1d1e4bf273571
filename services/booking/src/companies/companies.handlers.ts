import { Controller } from '@nestjs/common';
import { bookingRpc } from '@limo/contracts';
import { OnRpc, type RpcRequest } from '@limo/messaging';
import { CompanyRides } from './company-rides.js';

@Controller()
export class CompaniesHandlers {
  constructor(private readonly rides: CompanyRides) {}

  @OnRpc(bookingRpc.companyRides)
  companyRides(query: RpcRequest<typeof bookingRpc.companyRides>) {
    return this.rides.list(query);
  }
}
