import type { SceneTheme } from './scenes.js';

/** The short videos the demo world is built from; each quicky and video story copies one of them. */
export type ClipId = 'sunset' | 'city' | 'neon' | 'party' | 'beach' | 'mountains' | 'waves';

export interface PhotoSpec {
  title: string;
  /** Description with #tags and @mentions. */
  text: string;
  theme: SceneTheme;
  /** 1 for a single photo, 2–4 for a carousel. */
  images?: number;
  audience?: 'followers';
}

export interface QuickySpec {
  title: string;
  text: string;
  clip: ClipId;
  audience?: 'followers';
}

export interface VipSpec {
  title: string;
  text: string;
  media: { theme: SceneTheme } | { clip: ClipId };
}

export interface CreatorSpec {
  username: string;
  fullName: string;
  bio: string;
  /** Age in years on the day the world is generated (always 18+). */
  age: number;
  hue: number;
  city: string;
  featuredRank?: number;
  verified?: boolean;
  photos: PhotoSpec[];
  quickys: QuickySpec[];
  vip: VipSpec[];
  /** Short texts for image stories (drawn as a sticker on the picture). */
  stories: string[];
  storyThemes: SceneTheme[];
  storyClips: ClipId[];
  /** Named highlight groups (Quickyteca). */
  groups?: string[];
  /** Has stories from the last few hours (a ring around the avatar). */
  liveNow?: boolean;
}

export const DEMO_PASSWORD = 'wag-demo-2026';
export const DEMO_EMAIL_DOMAIN = 'demo.wag.test';

export const TRY_ACCOUNT = {
  username: 'demo',
  email: 'demo@wag.test',
  fullName: 'Cuenta Demo',
  bio: 'Cuenta para probar WAG. Sigo a mis WAG Stars favoritas ✨',
  age: 27,
} as const;

/**
 * Two accounts of the moderation desk's demo (seed/moderation.ts): its moderator, and an account that
 * sells fake followers in comments and pesters a creator by message. `moderacion` is a reserved name
 * (account-rules.ts): nobody can register it to pass for the moderation team.
 */
export const MODERATOR_ACCOUNT = {
  username: 'moderacion',
  email: `moderacion@${DEMO_EMAIL_DOMAIN}`,
  fullName: 'Equipo de moderación',
  bio: 'Moderación de WAG: revisamos los reportes.',
  age: 34,
  hue: 200,
  daysAgo: 60,
  role: 'moderator',
} as const;
export const SPAM_ACCOUNT = {
  username: 'promo_seguidores',
  email: `promo_seguidores@${DEMO_EMAIL_DOMAIN}`,
  fullName: 'Seguidores Baratos',
  bio: '🔥 Packs de seguidores reales desde 5 € 👉 escríbeme',
  age: 31,
  hue: 50,
  daysAgo: 2,
  role: 'user',
} as const;

export const CREATORS: CreatorSpec[] = [
  {
    username: 'valeria_rios',
    liveNow: true,
    fullName: 'Valeria Ríos',
    bio: 'Entrenadora y amante del sol ☀️ Madrid · #fitness, recetas y mucha energía. Yoga los domingos con @isa_yoga. Lo más íntimo, en mi VIP 💋',
    age: 27,
    hue: 330,
    city: 'Madrid',
    featuredRank: 1,
    verified: true,
    photos: [
      { title: 'Amanecer antes del entreno', text: 'Las 6:30 y ya con las zapatillas puestas. El mejor momento del día es este 🌅 #fitness #madrid #mañanas', theme: 'sunset' },
      { title: 'Domingo de montaña', text: 'Ruta por la sierra con @mateo_fit y @isa_yoga. Piernas destrozadas, corazón lleno ⛰️ #senderismo #sierra #domingo', theme: 'mountains', images: 3 },
      { title: 'Mi rincón favorito', text: 'Aquí estiro cada tarde. Luz bonita y cero ruido 🤍 #estiramientos #calma', theme: 'arches' },
      { title: 'Solo para mi gente', text: 'Os enseño por fin cómo queda el estudio nuevo. Gracias por estar siempre 💕 #estudio #comunidad', theme: 'bokeh', images: 2, audience: 'followers' },
    ],
    quickys: [
      { title: 'Cardio al atardecer', text: '20 minutos, sin excusas. ¿Quién se apunta mañana? 🔥 #cardio #fitness #reto', clip: 'sunset' },
      { title: 'Respira conmigo', text: 'Un minuto para bajar revoluciones antes de dormir 🌙 #respiración #bienestar', clip: 'waves' },
      { title: 'Playlist de pierna', text: 'La música que me hace subir sentadillas. Temazo elegido por @dani_vibes 🎧 #gym #playlist', clip: 'neon', audience: 'followers' },
    ],
    vip: [
      { title: 'Sesión privada de glúteo', text: 'Rutina completa, paso a paso, solo para suscriptores 💋 #vip #rutina', media: { clip: 'party' } },
      { title: 'Backstage de la sesión de fotos', text: 'Las que no subí a ningún sitio 🙈 #vip #backstage', media: { theme: 'arches' } },
    ],
    stories: ['Hoy toca pierna', 'Buenos días, Madrid', 'Batido post-entreno'],
    storyThemes: ['sunset', 'arches', 'mountains'],
    storyClips: ['sunset', 'neon'],
    groups: ['Entrenos'],
  },
  {
    username: 'camila_ortega',
    liveNow: true,
    fullName: 'Camila Ortega',
    bio: 'Mexicana con el corazón en la #playa 🌊 Tulum · Cancún · Bacalar. Viajes, bikinis y atardeceres con @sofi_travels.',
    age: 25,
    hue: 190,
    city: 'Tulum',
    featuredRank: 2,
    verified: true,
    photos: [
      { title: 'Atardecer en Tulum', text: 'No hay filtro que le haga justicia a este cielo 🧡 #tulum #atardecer #mexico', theme: 'sunset' },
      { title: 'Bacalar en tres colores', text: 'La laguna de los siete colores, y yo solo pude contar tres 😅 #bacalar #viajes #quintanaroo', theme: 'tropical', images: 4 },
      { title: 'Palmeras y café', text: 'Mi desayuno de hoy con vista. ¿Alguien más trabaja así? 🌴 #nomada #cafe', theme: 'tropical' },
      { title: 'Noche en la Quinta', text: 'Salida con @ale_night por Playa del Carmen. Lo que pasa en la Quinta… 🤫 #noche #playadelcarmen', theme: 'city', audience: 'followers' },
    ],
    quickys: [
      { title: 'Hora dorada en Tulum', text: 'Cinco segundos de paz 🌅 #tulum #goldenhour', clip: 'sunset' },
      { title: 'Modo playa activado', text: 'Así empiezan mis lunes 🏖️ @sofi_travels ¿cuándo vienes? #playa #caribe', clip: 'beach' },
      { title: 'Cenote secreto', text: 'No os digo dónde está ni aunque me lo pidáis 😏 #cenote #yucatan', clip: 'waves', audience: 'followers' },
    ],
    vip: [
      { title: 'Sesión en la playa', text: 'La sesión completa, sin cortes, para mis suscriptores 💋 #vip #playa', media: { theme: 'tropical' } },
    ],
    stories: ['Rumbo a Bacalar', 'Día de playa', 'Nuevo bikini'],
    storyThemes: ['tropical', 'sunset', 'waves'],
    storyClips: ['beach', 'sunset'],
    groups: ['Viajes', 'Tulum'],
  },
  {
    username: 'lucia_moda',
    fullName: 'Lucía Fernández',
    bio: 'Moda, diseño y un poquito de descaro 💄 Barcelona. Colaboraciones: DM.',
    age: 29,
    hue: 15,
    city: 'Barcelona',
    featuredRank: 3,
    verified: true,
    photos: [
      { title: 'Arcos del Born', text: 'Look de hoy: lino, dorado y las calles de siempre ✨ #moda #barcelona #ootd', theme: 'arches' },
      { title: 'Tonos tierra', text: 'Mi paleta de otoño en cuatro fotos. ¿Con cuál os quedáis? 🍂 #otoño #estilo #tendencias', theme: 'dunes', images: 4 },
      { title: 'Terraza al caer la noche', text: 'Cena con @martina_chef: vestido negro y vermut 🍸 #barcelona #noche', theme: 'city' },
      { title: 'Probador', text: 'Lo que me probé y no me compré (aún) 😅 Solo para seguidores #probador #moda', theme: 'arches', images: 2, audience: 'followers' },
    ],
    quickys: [
      { title: 'Tres looks, un vestido', text: 'Cómo reutilizo mi vestido favorito ♻️ #moda #sostenible', clip: 'party' },
      { title: 'Barcelona de noche', text: 'Paseo por el Gótico con las luces encendidas 🌃 #barcelona', clip: 'city' },
      { title: 'Preparándome para la gala', text: 'Maquillaje, peinado y nervios 💅 #backstage', clip: 'neon', audience: 'followers' },
    ],
    vip: [
      { title: 'Lencería de temporada', text: 'Mi selección de lencería de esta temporada, solo para suscriptores 🖤 #vip #lenceria', media: { theme: 'bokeh' } },
    ],
    stories: ['Nuevo look', 'Rebajas, allá voy'],
    storyThemes: ['arches', 'city'],
    storyClips: ['party'],
  },
  {
    username: 'mateo_fit',
    fullName: 'Mateo Salazar',
    bio: 'Entrenador personal 🏋️ Bogotá. Fuerza, disciplina y buena energía. Planes a medida en mi VIP.',
    age: 31,
    hue: 210,
    city: 'Bogotá',
    featuredRank: 4,
    verified: true,
    photos: [
      { title: 'Subida a Monserrate', text: '1.500 escalones antes del desayuno. ¿Quién me acompaña el sábado? 💪 #bogota #monserrate #entreno', theme: 'mountains' },
      { title: 'Fuerza en la azotea', text: 'Rutina de tren superior con vistas a la ciudad 🏙️ #fuerza #calistenia', theme: 'city', images: 3 },
      { title: 'Descanso activo', text: 'También se entrena descansando. Yoga con @isa_yoga 🙏 #recuperacion #movilidad', theme: 'waves' },
      { title: 'Mi plan de la semana', text: 'Para los que me seguís desde el principio: el plan completo 📋 #planificacion #fitness', theme: 'mountains', audience: 'followers' },
    ],
    quickys: [
      { title: 'Burpees al amanecer', text: 'Cuatro segundos de sufrimiento, cuatro horas de orgullo 😤 #burpees #reto', clip: 'sunset' },
      { title: 'Cumbre', text: 'Llegar arriba siempre merece la pena ⛰️ #montaña #motivacion', clip: 'mountains' },
      { title: 'Entreno nocturno', text: 'Cuando la ciudad duerme, yo entreno 🌃 #noche #gym', clip: 'city' },
    ],
    vip: [
      { title: 'Plan de 8 semanas', text: 'Semana 1 del plan de definición: vídeo completo para suscriptores 🔒 #vip #plan', media: { clip: 'mountains' } },
    ],
    stories: ['Día de espalda', 'Sábado: Monserrate'],
    storyThemes: ['mountains', 'city'],
    storyClips: ['mountains'],
  },
  {
    username: 'sofi_travels',
    liveNow: true,
    fullName: 'Sofía Herrera',
    bio: 'Porteña con mochila 🎒 40 países y contando. Historias de viaje, rincones secretos y mucho mate.',
    age: 28,
    hue: 265,
    city: 'Buenos Aires',
    featuredRank: 5,
    verified: true,
    photos: [
      { title: 'Glaciar al amanecer', text: 'El frío más bonito que he sentido nunca 🧊 #patagonia #elcalafate #viajes', theme: 'mountains', images: 3 },
      { title: 'Desierto de Atacama', text: 'Silencio absoluto y un cielo que no cabe en la foto 🌌 #atacama #chile #desierto', theme: 'dunes' },
      { title: 'Caminito', text: 'Volver a casa siempre sabe a colores 💙💛 #buenosaires #laboca', theme: 'arches' },
      { title: 'Diario de viaje', text: 'Las fotos que no encajan en ningún sitio pero me encantan 📓 #diario #viajes', theme: 'bokeh', images: 2, audience: 'followers' },
    ],
    quickys: [
      { title: 'Golden hour en Mendoza', text: 'Viñedos, vino y sol 🍷 #mendoza #argentina', clip: 'sunset' },
      { title: 'Trekking en Fitz Roy', text: 'Ocho horas de caminata por esta vista ⛰️ #elchalten #trekking', clip: 'mountains' },
      { title: 'Playa en Florianópolis', text: 'Escapada con @camila_ortega 🌊 #brasil #playa', clip: 'beach', audience: 'followers' },
    ],
    vip: [
      { title: 'Guía secreta de Patagonia', text: 'Mis rutas, refugios y trucos, solo para suscriptores 🗺️ #vip #guia', media: { theme: 'mountains' } },
    ],
    stories: ['Aterrizando en Ushuaia', 'Mate y montaña', 'Próximo destino…'],
    storyThemes: ['mountains', 'dunes', 'sunset'],
    storyClips: ['mountains', 'beach'],
    groups: ['Patagonia'],
  },
  {
    username: 'dani_vibes',
    liveNow: true,
    fullName: 'Daniela Castro',
    bio: 'DJ y productora 🎧 Medellín. Noches largas, beats y buena gente. Próximas fechas en stories.',
    age: 26,
    hue: 285,
    city: 'Medellín',
    featuredRank: 6,
    verified: true,
    photos: [
      { title: 'Cabina', text: 'Desde aquí se ve todo distinto 🎛️ Gracias, Medellín #dj #techno #medellin', theme: 'bokeh' },
      { title: 'After en El Poblado', text: 'Lo que queda de la noche en tres fotos ✨ #noche #fiesta', theme: 'city', images: 3 },
      { title: 'Vinilos del domingo', text: 'Domingo de café y discos viejos 📀 #vinilos #musica', theme: 'arches' },
      { title: 'Nuevo tema', text: 'Primera escucha para mis seguidores. Portada de @carla_art 💜 #musica #estreno', theme: 'bokeh', audience: 'followers' },
    ],
    quickys: [
      { title: 'Drop', text: 'El momento exacto en que la pista explota 💥 #dj #drop', clip: 'party' },
      { title: 'Luces de neón', text: 'Visuales del set de anoche 🟣 #visuales #techno', clip: 'neon' },
      { title: 'Medellín desde arriba', text: 'Volviendo a casa a las 6 am 🌄 #medellin #amanecer', clip: 'city', audience: 'followers' },
    ],
    vip: [
      { title: 'Set completo', text: 'El set entero de la fiesta del sábado, solo para suscriptores 🔒 #vip #set', media: { clip: 'party' } },
      { title: 'Camerino', text: 'Lo que pasa antes de salir a pinchar 😈 #vip #backstage', media: { theme: 'bokeh' } },
    ],
    stories: ['Esta noche: Medellín', 'Prueba de sonido'],
    storyThemes: ['bokeh', 'city'],
    storyClips: ['party', 'neon'],
    groups: ['Backstage'],
  },
  {
    username: 'andres_surf',
    fullName: 'Andrés Molina',
    bio: 'Surf, sal y tablas 🏄‍♂️ Fuerteventura. Clases, viajes y olas.',
    age: 30,
    hue: 175,
    city: 'Fuerteventura',
    verified: true,
    photos: [
      { title: 'Ola del día', text: 'Mar de fondo perfecto en El Cotillo 🌊 #surf #fuerteventura #canarias', theme: 'waves' },
      { title: 'Tablas nuevas', text: 'Llegaron las tablas de la escuela. ¿Cuál estreno primero? 🏄 #surf #tablas', theme: 'tropical', images: 2 },
      { title: 'Dunas de Corralejo', text: 'Entre sesión y sesión, paseo por las dunas 🏜️ #corralejo #dunas', theme: 'dunes' },
      { title: 'Atardecer en el agua', text: 'Última ola del día con @camila_ortega mirando desde la orilla 🌅 #surf #atardecer', theme: 'sunset', audience: 'followers' },
    ],
    quickys: [
      { title: 'Remando', text: 'La parte del surf que nadie enseña 😅 #surf #remada', clip: 'waves' },
      { title: 'Playa vacía', text: 'Martes a las 8 de la mañana 🏖️ #canarias', clip: 'beach' },
    ],
    vip: [
      { title: 'Clase completa', text: 'Técnica de take-off explicada paso a paso para suscriptores 🔒 #vip #surf', media: { clip: 'waves' } },
    ],
    stories: ['Olas hoy: 1,5 m'],
    storyThemes: ['waves', 'tropical'],
    storyClips: ['beach'],
  },
  {
    username: 'isa_yoga',
    liveNow: true,
    fullName: 'Isabel Navarro',
    bio: 'Yoga, respiración y calma 🧘‍♀️ Valencia. Clases al aire libre y retiros #yoga #movilidad',
    age: 33,
    hue: 150,
    city: 'Valencia',
    photos: [
      { title: 'Saludo al sol en la Malvarrosa', text: 'El mar como profesor 🌊 #yoga #valencia #malvarrosa', theme: 'sunset' },
      { title: 'Retiro en la montaña', text: 'Tres días sin móvil. Recomiendo muchísimo 🍃 #retiro #yoga #desconexion', theme: 'mountains', images: 3 },
      { title: 'Mi esterilla y yo', text: 'Rincones que invitan a parar 🤍 #calma #hogar', theme: 'arches' },
      { title: 'Clase de los jueves', text: 'Fotos de la clase para quienes vinieron 🙏 #comunidad', theme: 'waves', audience: 'followers' },
    ],
    quickys: [
      { title: 'Respira', text: 'Inhala 4, retén 4, exhala 4 🌬️ #respiracion #mindfulness', clip: 'waves' },
      { title: 'Yoga frente al mar', text: 'Secuencia corta para empezar el día ☀️ @valeria_rios esta es para ti #yoga', clip: 'sunset' },
    ],
    vip: [
      { title: 'Meditación guiada', text: 'Meditación de 20 minutos para suscriptores 🔒 #vip #meditacion', media: { clip: 'waves' } },
    ],
    stories: ['Clase a las 19 h', 'Respira'],
    storyThemes: ['waves', 'mountains'],
    storyClips: ['waves'],
  },
  {
    username: 'nico_foto',
    fullName: 'Nicolás Paredes',
    bio: 'Fotógrafo urbano 📷 CDMX. Retrato, ciudad y luz de neón. Sesiones: DM.',
    age: 34,
    hue: 45,
    city: 'Ciudad de México',
    photos: [
      { title: 'Reforma de noche', text: 'Larga exposición en Paseo de la Reforma 🌃 #cdmx #fotografia #nocturna', theme: 'city' },
      { title: 'Sesión con Lucía', text: 'Algunas fotos de la sesión con @lucia_moda en Barcelona 📸 #retrato #moda', theme: 'arches', images: 4 },
      { title: 'Luces', text: 'Desenfoque a propósito ✨ #bokeh #fotografia', theme: 'bokeh' },
      { title: 'Contactos', text: 'Descartes de la semana para mis seguidores 🎞️ #analogico', theme: 'city', images: 2, audience: 'followers' },
    ],
    quickys: [
      { title: 'Timelapse en Coyoacán', text: 'Ciudad que nunca para 🏙️ #timelapse #cdmx', clip: 'city' },
      { title: 'Neón', text: 'Buscando luz en la noche 🟣 #neon #calle', clip: 'neon' },
    ],
    vip: [
      { title: 'Sesión boudoir (editada)', text: 'Selección artística de la sesión boudoir, solo para suscriptores 🖤 #vip #boudoir', media: { theme: 'bokeh' } },
    ],
    stories: ['Revelando'],
    storyThemes: ['city', 'bokeh'],
    storyClips: ['city'],
  },
  {
    username: 'martina_chef',
    liveNow: true,
    fullName: 'Martina Gil',
    bio: 'Cocina de mercado y cócteles 🍋 Sevilla. Recetas fáciles para quedar como una reina.',
    age: 32,
    hue: 35,
    city: 'Sevilla',
    photos: [
      { title: 'Patio sevillano', text: 'Comida al fresco entre naranjos 🍊 #sevilla #patio #cocina', theme: 'arches' },
      { title: 'Cóctel de la casa', text: 'Vermut, naranja y romero. Receta en comentarios 🍸 #coctel #vermut', theme: 'bokeh', images: 2 },
      { title: 'Mercado de Triana', text: 'Aquí empieza todo 🧺 #triana #mercado', theme: 'arches' },
      { title: 'Cena para dos', text: 'El menú que preparé para @lucia_moda, solo para seguidores 🕯️ #cena', theme: 'city', audience: 'followers' },
    ],
    quickys: [
      { title: 'Atardecer en la azotea', text: 'Hora del tinto de verano 🌅 #sevilla #verano', clip: 'sunset' },
      { title: 'Coctelería en casa', text: 'Tres cócteles en un minuto 🍹 #cocteles #fiesta', clip: 'party' },
    ],
    vip: [
      { title: 'Recetario secreto', text: 'Mis 10 recetas de la abuela, solo para suscriptores 📖 #vip #recetas', media: { theme: 'arches' } },
    ],
    stories: ['Menú de hoy', 'Vermut time'],
    storyThemes: ['arches', 'bokeh'],
    storyClips: ['party'],
  },
  {
    username: 'diego_dance',
    fullName: 'Diego Romero',
    bio: 'Bailarín de salsa caleña 💃🕺 Cali. Clases, shows y mucho sabor.',
    age: 24,
    hue: 0,
    city: 'Cali',
    photos: [
      { title: 'Noche de salsa', text: 'Cali es la capital de la salsa y no lo digo yo 💃 #salsa #cali #baile', theme: 'bokeh' },
      { title: 'Ensayo general', text: 'Cuatro horas de ensayo en cuatro fotos 🔥 #ensayo #baile', theme: 'city', images: 4 },
      { title: 'Domingo en el río', text: 'Descanso merecido en el río Pance 🌿 #cali #descanso', theme: 'tropical' },
      { title: 'Vestuario del show', text: 'Adelanto para mis seguidores del vestuario nuevo ✨ #show', theme: 'bokeh', audience: 'followers' },
    ],
    quickys: [
      { title: 'Paso básico', text: 'Aprende el paso básico en 4 tiempos 💃 #salsa #tutorial', clip: 'party' },
      { title: 'Show en Juanchito', text: 'Fragmento del show del viernes 🔥 @dani_vibes gracias por la música #show', clip: 'neon' },
    ],
    vip: [
      { title: 'Coreografía completa', text: 'La coreografía entera con conteos, para suscriptores 🔒 #vip #coreografia', media: { clip: 'party' } },
    ],
    stories: ['Clase abierta hoy'],
    storyThemes: ['bokeh'],
    storyClips: ['party'],
  },
  {
    username: 'carla_art',
    fullName: 'Carla Méndez',
    bio: 'Ilustradora y muralista 🎨 Valparaíso. Colores, cerros y café.',
    age: 27,
    hue: 95,
    city: 'Valparaíso',
    photos: [
      { title: 'Cerros de colores', text: 'Valparaíso es un lienzo gigante 🎨 #valparaiso #chile #arte', theme: 'arches', images: 3 },
      { title: 'Mural terminado', text: 'Tres semanas pintando esta pared. ¡Por fin! 🖌️ #mural #arteurbano', theme: 'waves' },
      { title: 'Paleta del mes', text: 'Los colores que me están obsesionando 🟠🟣 #paleta #ilustracion', theme: 'dunes' },
      { title: 'Bocetos', text: 'Bocetos del proyecto nuevo, solo para seguidores ✏️ #bocetos', theme: 'mountains', audience: 'followers' },
    ],
    quickys: [
      { title: 'Proceso del mural', text: 'Del boceto a la pared en cinco segundos 🎨 #proceso #timelapse', clip: 'neon' },
      { title: 'Atardecer en el puerto', text: 'Inspiración diaria 🌅 #valparaiso', clip: 'sunset' },
    ],
    vip: [
      { title: 'Estudios de figura', text: 'Serie de ilustraciones de figura, solo para suscriptores 🖤 #vip #ilustracion', media: { theme: 'bokeh' } },
    ],
    stories: ['Pintando'],
    storyThemes: ['arches', 'dunes'],
    storyClips: ['neon'],
  },
  {
    username: 'javi_moto',
    fullName: 'Javier Luna',
    bio: 'Rutas en moto por el norte 🏍️ Asturias. Curvas, montaña y sidra.',
    age: 36,
    hue: 120,
    city: 'Asturias',
    photos: [
      { title: 'Picos de Europa', text: 'La carretera más bonita de España, y no acepto discusión ⛰️ #picosdeeuropa #moto #asturias', theme: 'mountains' },
      { title: 'Ruta de los lagos', text: 'Covadonga con niebla y sin gente 🌫️ #covadonga #ruta', theme: 'mountains', images: 3 },
      { title: 'Costa verde', text: 'Parada técnica frente al Cantábrico 🌊 #cantabrico #costa', theme: 'waves' },
      { title: 'Preparando el viaje', text: 'Ruta del verano para quien me sigue: Asturias–Marruecos 🗺️ #viaje', theme: 'dunes', audience: 'followers' },
    ],
    quickys: [
      { title: 'Curvas', text: 'Puerto de San Isidro a primera hora 🏍️ #moto #curvas', clip: 'mountains' },
      { title: 'Llegando a Gijón', text: 'Atardecer después de 400 km 🌅 #gijon', clip: 'sunset' },
    ],
    vip: [
      { title: 'Track completo', text: 'El GPX y el vídeo de la ruta completa para suscriptores 🔒 #vip #ruta', media: { clip: 'mountains' } },
    ],
    stories: ['Ruta de hoy'],
    storyThemes: ['mountains'],
    storyClips: ['mountains'],
  },
  {
    username: 'ale_night',
    liveNow: true,
    fullName: 'Alejandra Vidal',
    bio: 'Noche, cócteles y atardeceres en Ibiza 🍸🌅 Relaciones públicas. Si vienes, avísame 😉',
    age: 29,
    hue: 310,
    city: 'Ibiza',
    photos: [
      { title: 'Café del Mar', text: 'El atardecer más famoso del mundo, y no decepciona 🌅 #ibiza #atardecer #cafedelmar', theme: 'sunset' },
      { title: 'Fiesta en la terraza', text: 'Anoche con @dani_vibes a los platos. Qué nivel 🔥 #ibiza #fiesta', theme: 'bokeh', images: 3 },
      { title: 'Calas escondidas', text: 'Mi cala favorita; el nombre me lo guardo 🤫 #calas #ibiza', theme: 'tropical' },
      { title: 'Outfit de noche', text: 'Para mis seguidores: el vestido de la fiesta blanca 🤍 #outfit #noche', theme: 'arches', audience: 'followers' },
    ],
    quickys: [
      { title: 'Sunset Ibiza', text: 'Así se despide el sol aquí 🌅 #ibiza #sunset', clip: 'sunset' },
      { title: 'Noche de fiesta', text: 'Empieza lo bueno 🍸 #ibiza #noche', clip: 'party' },
      { title: 'Barco al amanecer', text: 'Volviendo de Formentera 🛥️ @camila_ortega te debo esta #formentera', clip: 'beach', audience: 'followers' },
    ],
    vip: [
      { title: 'Fiesta privada', text: 'Lo que no se vio de la fiesta privada, para suscriptores 😈 #vip #ibiza', media: { clip: 'party' } },
    ],
    stories: ['Esta noche', 'Sunset'],
    storyThemes: ['sunset', 'bokeh'],
    storyClips: ['party', 'sunset'],
    groups: ['Ibiza'],
  },
];

/** Comments other creators leave: warm, short, the way people write under a post. */
export const COMMENT_TEXTS: readonly string[] = [
  'Qué foto tan bonita 😍',
  'Brutal 🔥',
  'Me encanta esta luz',
  '¿Dónde es esto? Lo quiero ver en persona',
  'Guardado para mi próximo viaje #viajes',
  'Vibras top ✨',
  'Esto es arte',
  'Qué ganas de #verano2026',
  'Tremendo 👏👏',
  'Necesitaba ver esto hoy',
  'Ese color 😍',
  'Sigue así, inspiras un montón',
  '¡Qué maravilla!',
  'Wow, sin palabras',
  '¿Con qué cámara lo haces?',
  'Me has alegrado el día 💛',
  'Pura energía ⚡',
  'La próxima me apunto sí o sí',
  'Qué envidia más sana',
  'Estás en tu mejor momento',
  'Increíble, como siempre',
  'Esto merece más likes',
  'Me lo guardo 📌',
  'Jajaja me encanta',
  '¿Para cuándo colaboración con @valeria_rios? 👀',
  'Top 🙌',
];

/** Author replies; `{user}` becomes the commenter's @username, `{city}` the author's city. */
export const AUTHOR_REPLIES: readonly string[] = [
  '@{user} ¡gracias! 💛',
  '@{user} te espero la próxima vez 😉',
  '@{user} jajaja eres lo más',
  '@{user} es en {city}, tienes que venir 🙌',
  '@{user} gracias por estar siempre ✨',
  '@{user} ¡cuando quieras!',
  '@{user} 🥰🥰',
];

/** Replies from a third person in a thread. */
export const FRIEND_REPLIES: readonly string[] = [
  '@{user} totalmente de acuerdo',
  '@{user} jajaja pensé lo mismo',
  '@{user} ¡me apunto!',
  '@{user} yo también quiero ir 🙋',
];
