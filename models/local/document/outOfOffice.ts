/** "out of office email reply", "OOO message", "vacation auto-reply", "away message": the away notice people set up. */
export const awayNotice = /\b(?:out[\s-]+of[\s-]+(?:the\s+)?office|ooo|auto[\s-]?reply|away\s+(?:message|notice|e-?mail|reply)|vacation\s+(?:reply|responder|message|email))\b/i;
