import { Controller } from '@nestjs/common';
import { MESSAGE_KINDS_V1, MESSAGE_KINDS_V2, MESSAGE_KINDS_V3, MESSAGE_KINDS_V4, notificationsRpc } from '@limo/contracts';
import { OnRpc, type RpcRequest } from '@limo/messaging';
import { OutgoingMessagesRepository } from '../messages/outgoing-messages.repository.js';

@Controller()
export class MessagesHandlers {
  constructor(private readonly messages: OutgoingMessagesRepository) {}

  @OnRpc(notificationsRpc.failedMessages)
  failed({ limit }: RpcRequest<typeof notificationsRpc.failedMessages>) {
    return this.messages.listFailed(limit);
  }

  @OnRpc(notificationsRpc.failedMessagesV4)
  failedV4({ limit }: RpcRequest<typeof notificationsRpc.failedMessagesV4>) {
    return this.messages.listFailed(limit, MESSAGE_KINDS_V4);
  }

  @OnRpc(notificationsRpc.failedMessagesV3)
  failedV3({ limit }: RpcRequest<typeof notificationsRpc.failedMessagesV3>) {
    return this.messages.listFailed(limit, MESSAGE_KINDS_V3);
  }

  @OnRpc(notificationsRpc.failedMessagesV2)
  failedV2({ limit }: RpcRequest<typeof notificationsRpc.failedMessagesV2>) {
    return this.messages.listFailed(limit, MESSAGE_KINDS_V2);
  }

  @OnRpc(notificationsRpc.failedMessagesV1)
  failedV1({ limit }: RpcRequest<typeof notificationsRpc.failedMessagesV1>) {
    return this.messages.listFailed(limit, MESSAGE_KINDS_V1);
  }
}
