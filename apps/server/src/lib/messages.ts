import { suspensionSpan, type SuspensionEnd } from './dates.js';

/**
 * The texts the server answers with, in Spanish: the reference every other language follows
 * (messages-en.ts, messages-fr.ts, messages-de.ts have the same keys and, for a text with parameters,
 * the same parameters). docs/product.md §5 and §8 give the Spanish where it gives them. A reply is put
 * into the request's language on its way out (lib/translate.ts, http/message-language.ts).
 */
export const spanishMessages = {
  usernameMissing: 'El nombre de usuario es obligatorio.',
  usernameFormat: 'El nombre de usuario debe tener de 3 a 20 caracteres: letras, números o guion bajo.',
  usernameReserved: 'Ese nombre de usuario no está disponible.',
  usernameTaken: 'Este nombre de usuario ya está en uso.',
  emailMissing: 'El correo electrónico es obligatorio.',
  emailInvalid: 'El correo electrónico no es válido.',
  emailTaken: 'Ya existe una cuenta con ese correo electrónico.',
  passwordMissing: 'La contraseña es obligatoria.',
  passwordShort: 'La contraseña debe tener al menos 6 caracteres.',
  passwordWhitespace: 'La contraseña no debe contener espacios.',
  passwordCharacters: 'La contraseña contiene caracteres no permitidos.',
  birthDateMissing: 'Debes ingresar tu fecha de nacimiento.',
  birthDateInvalid: 'Fecha de nacimiento inválida.',
  birthDateUnderage: 'Este sitio es para mayores de 18 años.',
  registered: 'Registro exitoso',
  loginMissing: 'Ingresa tu correo electrónico y tu contraseña.',
  loginWrong: 'Correo electrónico o contraseña incorrectos.',
  loginThrottled: 'Demasiados intentos fallidos. Espera unos minutos e inténtalo de nuevo.',
  loggedIn: '¡Inicio de sesión exitoso!',
  loggedOut: 'Sesión cerrada.',
  unauthorized: 'Debes iniciar sesión.',
  badJson: 'La solicitud no es válida.',
  bodyTooLarge: 'La solicitud es demasiado grande.',
  unsupportedMediaType: 'El tipo de contenido de la solicitud no es compatible.',
  routeNotFound: 'Recurso no encontrado.',
  badRange: 'El rango pedido del archivo no es válido.',
  userNotFound: 'Usuario no encontrado.',
  postNotFound: 'No se encontró el post o no está disponible.',
  storyNotFound: 'No se encontró la historia o no está disponible.',
  storyOwnerOnly: 'Solo el dueño de la historia puede hacer esto.',
  storyFileRequired: 'Por favor, selecciona un archivo para tu historia.',
  storyFileType: 'Por favor, selecciona una imagen o video.',
  storyVideoTooLong: 'El vídeo de una historia puede durar como máximo 60 segundos.',
  storyUploaded: '¡Historia Subida!',
  storyReplyEmpty: 'Escribe una respuesta.',
  storyReplyTooLong: 'La respuesta no puede tener más de 1000 caracteres.',
  storyReplySent: 'Respuesta enviada.',
  storyDeleted: 'Historia eliminada.',
  storyMoved: 'Historia guardada.',
  groupNameRequired: 'Escribe un nombre para el grupo.',
  groupNameTooLong: 'El nombre del grupo no puede tener más de 40 caracteres.',
  groupNotFound: 'No se encontró el grupo.',
  cannotReplyOwnStory: 'No puedes responder a tu propia historia.',
  uploadMissing: 'Por favor, selecciona un archivo para subir.',
  uploadInvalidType: 'El tipo de archivo no es válido.',
  uploadMixed: 'Un vídeo se publica solo: no lo mezcles con otros archivos.',
  uploadTooMany: 'Puedes subir como máximo 10 imágenes por publicación.',
  uploadTooLarge: 'El archivo es demasiado grande.',
  uploadImageTooLarge: 'La imagen es demasiado grande.',
  uploadVideoTooLong: 'El vídeo es demasiado largo.',
  uploadDescriptionTooLong: 'La descripción no puede tener más de 2200 caracteres.',
  uploadNeedsLogin: 'Debes iniciar sesión para subir contenido.',
  mediaTakenDown: 'Este contenido fue retirado por moderación y no se puede volver a publicar.',
  uploaded: '¡Subido!',
  postDeleted: 'Publicación eliminada.',
  // The creator's payouts and the admins' payouts desk (issue 15)
  payoutTooSmall: 'El importe mínimo de un pago es 1,00.',
  payoutsLimited: 'Demasiadas solicitudes de pago en poco tiempo. Espera un poco e inténtalo de nuevo.',
  adminsOnly: 'Solo un administrador puede hacer esto.',
  payoutNotFound: 'No se encontró la solicitud de pago.',
  payoutAlreadyPaid: 'Esta solicitud de pago ya está marcada como pagada.',
  payoutMarkedPaid: 'Pago marcado como pagado. Avisamos a su creador.',
  videoFailed: 'No se pudo procesar el vídeo.',
  subscribersOnly: 'Este contenido es solo para suscriptores.',
  commentNotFound: 'Comentario no encontrado.',
  paymentEventUnreadable: 'El aviso del procesador de pagos no se pudo leer.',
  commentEmpty: 'El comentario no puede estar vacío.',
  commentTooLong: 'El comentario no puede tener más de 1000 caracteres.',
  commentParentInvalid: 'El comentario al que respondes no existe.',
  fullNameTooLong: 'El nombre no puede tener más de 80 caracteres.',
  bioTooLong: 'La biografía no puede tener más de 300 caracteres.',
  profileSaved: 'Cambios guardados',
  phoneInvalid: 'El número de teléfono no es válido.',
  personalInfoSaved: 'Información actualizada con éxito.',
  pictureMissing: 'Selecciona una imagen.',
  pictureInvalid: 'El tipo de archivo no es válido.',
  pictureTooLarge: 'La imagen es demasiado grande.',
  pictureSaved: '¡Foto de perfil actualizada!',
  cannotFollowSelf: 'No puedes seguirte a ti mismo.',
  badCursor: 'El cursor de la página no es válido.',
  messageEmpty: 'El mensaje no puede estar vacío.',
  messageTooLong: 'El mensaje no puede tener más de 2000 caracteres.',
  messageToSelf: 'No puedes enviarte mensajes a ti mismo.',
  messagesTooFast: 'Estás enviando mensajes demasiado rápido. Espera un momento.',
  requestNotFound: 'No hay ninguna solicitud de mensaje de este usuario.',
  conversationNotFound: 'No tienes ninguna conversación con este usuario.',
  rateLimited: 'Demasiadas solicitudes. Inténtalo de nuevo en un momento.',
  registrationsLimited: 'Demasiados registros desde esta conexión. Inténtalo de nuevo más tarde.',
  commentsLimited: 'Demasiados comentarios en poco tiempo. Espera un momento e inténtalo de nuevo.',
  postUploadsLimited: 'Demasiadas publicaciones subidas en poco tiempo. Espera un poco e inténtalo de nuevo.',
  storyUploadsLimited: 'Demasiadas historias subidas en poco tiempo. Espera un poco e inténtalo de nuevo.',
  storyRepliesLimited: 'Demasiadas respuestas a historias en poco tiempo. Espera un momento e inténtalo de nuevo.',
  followsLimited: 'Demasiadas veces seguir o dejar de seguir en poco tiempo. Espera un poco e inténtalo de nuevo.',
  currentPasswordRequired: 'Escribe tu contraseña actual para confirmar el cambio.',
  currentPasswordWrong: 'La contraseña actual no es correcta.',
  passwordChecksThrottled: 'Demasiados intentos con una contraseña incorrecta. Espera unos minutos e inténtalo de nuevo.',
  birthDateFixed: 'La fecha de nacimiento no se puede cambiar después del registro.',
  internal: 'Ocurrió un error inesperado. Inténtalo de nuevo.',
  forbidden: 'No tienes permiso para hacer esto.',
  notFound: 'No encontrado.',
  forbiddenCharacters: 'La solicitud contiene caracteres no permitidos.',
  uploadMalformed: 'El envío del archivo no es válido o llegó incompleto. Inténtalo de nuevo.',
  badUrl: 'La dirección de la solicitud no es válida.',
  urlTooLong: 'La dirección de la solicitud es demasiado larga.',
  // The account's password and sessions (issue 14).
  newPasswordMissing: 'Escribe la nueva contraseña.',
  newPasswordSame: 'La nueva contraseña debe ser distinta de la actual.',
  passwordChanged: 'Contraseña actualizada. Cerramos tus otras sesiones.',
  sessionNotFound: 'Sesión no encontrada.',
  passwordResetsLimited: 'Ya te enviamos varios enlaces. Espera un poco antes de pedir otro.',
  passwordResetSent: 'Si hay una cuenta con ese correo, te enviamos un enlace para restablecer la contraseña. Caduca en una hora.',
  passwordResetLinkInvalid: 'El enlace para restablecer la contraseña no es válido o ya caducó. Pide uno nuevo.',
  passwordResetDone: 'Contraseña restablecida. Inicia sesión con la nueva.',
  messageToDeleted: 'Esta cuenta se eliminó: ya no puede recibir mensajes.',
  accountDeleted: 'Tu cuenta se eliminó. Gracias por haber formado parte de WAG.',
  exportsLimited: 'Ya descargaste tus datos varias veces. Espera un poco antes de pedirlos otra vez.',
  emailChangePending: 'Te enviamos un enlace a la nueva dirección. Tu correo cambiará cuando lo abras; hasta entonces sigues usando el actual.',
  emailConfirmed: 'Tu correo electrónico quedó confirmado.',
  emailConfirmLinkInvalid: 'El enlace de confirmación no es válido o ya caducó. Pide uno nuevo desde tu cuenta.',
  emailConfirmationSent: 'Te enviamos un nuevo enlace de confirmación. Revisa tu correo.',
  emailAlreadyConfirmed: 'Tu correo electrónico ya está confirmado.',
  emailConfirmationsLimited: 'Ya te enviamos varios enlaces de confirmación. Espera un poco antes de pedir otro.',
  twoFactorRequired: 'Escribe el código de tu app de autenticación para terminar de iniciar sesión.',
  twoFactorCodeMissing: 'Escribe el código de 6 dígitos de tu app de autenticación.',
  twoFactorCodeWrong: 'El código no es correcto o ya se usó.',
  twoFactorChallengeExpired: 'El inicio de sesión caducó. Vuelve a escribir tu contraseña.',
  twoFactorAlreadyOn: 'La verificación en dos pasos ya está activada.',
  twoFactorNotOn: 'La verificación en dos pasos no está activada.',
  twoFactorSetupFirst: 'Primero configura la verificación en dos pasos.',
  twoFactorThrottled: 'Demasiados códigos incorrectos. Espera unos minutos e inténtalo de nuevo.',
  messageNotAllowed: 'Esta persona no recibe mensajes nuevos de ti.',
  // Blocks (issue 13).
  cannotBlockSelf: 'No puedes bloquearte a ti mismo.',
  blocksLimited: 'Demasiados bloqueos en poco tiempo. Espera un momento e inténtalo de nuevo.',
  messageToBlocked: 'Has bloqueado a este usuario. Desbloquéalo para enviarle mensajes.',
  // Reports, moderation and appeals (issue 13).
  reportReasonInvalid: 'Elige un motivo para el reporte.',
  reportDetailsTooLong: 'Los detalles del reporte no pueden tener más de 1000 caracteres.',
  reportEmailRequired: 'Para reportar sin una cuenta, indica un correo electrónico de contacto.',
  reportNeedsLogin: 'Debes iniciar sesión para reportar comentarios y mensajes.',
  reportSelf: 'No puedes reportarte a ti mismo.',
  reportOwn: 'No puedes reportar tu propio contenido.',
  reportsLimited: 'Demasiados reportes en poco tiempo. Espera un poco e inténtalo de nuevo.',
  guestReportsLimited: 'Demasiados reportes desde esta conexión o este correo. Inténtalo de nuevo más tarde.',
  messageNotFound: 'No se encontró el mensaje.',
  moderatorsOnly: 'Solo el equipo de moderación puede hacer esto.',
  moderationActionInvalid: 'Elige una acción de moderación válida.',
  moderationReasonRequired: 'Escribe el motivo de la decisión.',
  moderationReasonTooLong: 'El motivo no puede tener más de 1000 caracteres.',
  moderationUntilInvalid: 'La fecha de fin de la suspensión no es válida: debe ser una fecha futura.',
  moderationUntilOnlySuspend: 'Solo una suspensión lleva fecha de fin.',
  moderationActionNotForType: 'Esta acción no se aplica a este tipo de contenido.',
  moderationNotRemoved: 'Este contenido no está retirado ni retenido.',
  moderationAlreadyRemoved: 'Este contenido ya está retirado.',
  moderationNotSuspended: 'Esta cuenta no está suspendida.',
  moderationSelf: 'No puedes tomar decisiones de moderación sobre ti mismo ni sobre tu contenido.',
  moderationStaffByAdmin: 'Solo un administrador puede suspender a alguien del equipo de moderación.',
  accountSuspended: (until: SuspensionEnd) =>
    `Tu cuenta está suspendida ${suspensionSpan(until, 'es')}. Si crees que es un error, puedes apelar la decisión.`,
  appealTextRequired: 'Explica por qué crees que la decisión es un error.',
  appealTextTooLong: 'La apelación no puede tener más de 2000 caracteres.',
  appealNothing: 'No hay ninguna decisión que puedas apelar.',
  appealAlready: 'Ya apelaste esta decisión: solo se puede apelar una vez.',
  appealSent: 'Apelación enviada. La revisaremos lo antes posible.',
  // Payments and VIP (issue 15)
  cardRequired: 'Escribe el número de la tarjeta, la fecha de vencimiento y el CVV.',
  cardNumberInvalid: 'El número de la tarjeta no es válido.',
  cardExpiryInvalid: 'La fecha de vencimiento debe tener el formato MM/AA.',
  cardExpired: 'La tarjeta está vencida.',
  cardCvvInvalid: 'El CVV debe tener 3 o 4 dígitos.',
  cardNotTestCard: 'Modo de prueba: solo se aceptan las tarjetas de prueba (4242 4242 4242 4242).',
  cardDeclined: 'Tu tarjeta fue rechazada.',
  immediateAccessRequired: 'Para pagar, acepta que el acceso empieza de inmediato y que por eso renuncias al derecho de desistimiento.',
  vipNotOffered: 'Este creador no ofrece contenido VIP.',
  vipSelf: 'No puedes suscribirte a ti mismo.',
  vipAlreadySubscribed: 'Ya estás suscrito a este creador.',
  vipNotSubscribed: 'No tienes una suscripción activa con este creador.',
  vipCanceled: 'Suscripción cancelada. Conservas el acceso hasta el final del periodo pagado.',
  vipIdentityRequired: 'Verifica tu identidad antes de poner precio a tu contenido o publicar contenido VIP.',
  vipPriceInvalid: 'El precio debe estar entre 2,99 y 499,99.',
  vipNoLockedStories: 'No hay historias VIP por desbloquear ahora.',
  storiesUnlocked: 'Historias desbloqueadas.',
  accountVerificationNeedsIdentity: 'Primero verifica tu identidad: la verificación de la cuenta la necesita aprobada.',
  accountAlreadyVerified: 'Tu cuenta ya está verificada.',
  accountVerified: '¡Cuenta verificada!',
  paymentsSuspended: 'Tu cuenta está suspendida: no puede hacer pagos ni recibirlos.',
  payoutTooLarge: 'El importe supera tu saldo disponible.',
  payoutNeedsIdentity: 'Solo las cuentas con identidad verificada pueden recibir pagos.',
  payoutRequested: 'Solicitud de pago enviada. Te avisaremos cuando se haya pagado.',
  hostedCheckoutOnly: 'Los pagos se hacen en el formulario seguro del procesador de pagos: no envíes los datos de la tarjeta.',
  paymentsLimited: 'Demasiados intentos de pago. Espera un poco e inténtalo de nuevo.',
};

export type MessageKey = keyof typeof spanishMessages;

/** One language's texts: every key of the Spanish, a text with parameters taking the same ones. */
export type MessageCatalog = {
  [K in MessageKey]: (typeof spanishMessages)[K] extends (...args: infer A) => string ? (...args: A) => string : string;
};

/** The keys whose text takes parameters. */
export type ParameterisedKey = { [K in MessageKey]: (typeof spanishMessages)[K] extends string ? never : K }[MessageKey];

/**
 * A text with parameters as thrown: its key and arguments (so it can be written in any language) and
 * its Spanish, which is what `Error.message` and the logs carry.
 */
export class Said<K extends ParameterisedKey = ParameterisedKey> {
  constructor(
    readonly key: K,
    readonly args: Parameters<MessageCatalog[K]>,
  ) {}

  get spanish(): string {
    return (spanishMessages[this.key] as (...args: unknown[]) => string)(...this.args);
  }
}

/**
 * What services and routes use: the Spanish texts by key, and for a text with parameters a `Said`
 * (`throw new ForbiddenError(messages.accountSuspended(until))`), so the answer can be written in the
 * reader's language rather than carrying a Spanish sentence that no exact lookup could translate back.
 */
export const messages = Object.fromEntries(
  Object.entries(spanishMessages).map(([key, text]) => [
    key,
    typeof text === 'function' ? (...args: unknown[]) => new Said(key as ParameterisedKey, args as never) : text,
  ]),
) as { [K in MessageKey]: (typeof spanishMessages)[K] extends (...args: infer A) => string ? (...args: A) => Said<K & ParameterisedKey> : string };

