import { Controller } from '@nestjs/common';
import { companiesRpc } from '@limo/contracts';
import { OnRpc, type RpcRequest } from '@limo/messaging';
import { IssueStatements } from './issue-statements.use-case.js';

@Controller()
export class StatementsHandlers {
  constructor(private readonly statements: IssueStatements) {}

  @OnRpc(companiesRpc.statements)
  list({ companyId }: RpcRequest<typeof companiesRpc.statements>) {
    return this.statements.list(companyId);
  }

  /** Made now if the job has not made it yet: the admin may ask on the 1st before 00:05, or after an outage. */
  @OnRpc(companiesRpc.statement)
  statement({ companyId, month }: RpcRequest<typeof companiesRpc.statement>) {
    return this.statements.statement(companyId, month);
  }
}
