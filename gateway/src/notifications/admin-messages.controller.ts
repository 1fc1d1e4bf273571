import { Controller, Get, Query } from '@nestjs/common';
import { FailedMessagesQuery, notificationsRpc, type OutgoingMessage } from '@limo/contracts';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';

/** Customer messages that did not go out (retries exhausted, or interrupted mid-send), for staff to follow up. */
@AdminOnly()
@Controller('api/admin/messages')
export class AdminMessagesController {
  constructor(private readonly services: ServicesClient) {}

  @Get('failed')
  @ApiResponse(notificationsRpc.failedMessages.response, { description: 'Newest first' })
  failed(@Query(new ZodValidationPipe(FailedMessagesQuery)) query: FailedMessagesQuery): Promise<OutgoingMessage[]> {
    return this.services.call(notificationsRpc.failedMessages, query);
  }
}
