/** The once-only key of one campaign's message to one subscriber; its prefix finds the campaign's messages. */
export const keyPrefix = (id: number) => `campaign:${id}:`;
export const campaignKey = (id: number, subscriberId: number) => `${keyPrefix(id)}${subscriberId}`;
