import type { SystemLanguage } from '../../../i18n/locales.ts';

// The demo salon's words in each language the demo user may have (docs/home.md "The demo account").

export interface DemoTexts {
  salon: string;
  address: string;
  firstNames: readonly string[];
  lastNames: readonly string[];
  masters: readonly string[];
  /** Title, price (in the currency the language suggests), minutes. */
  services: readonly (readonly [string, number, number])[];
  blacklist: readonly string[];
}

export const DEMO_TEXTS: Record<SystemLanguage, DemoTexts> = {
  ru: {
    salon: 'Салон красоты «Лаванда»',
    address: 'ул. Пятницкая, 12',
    firstNames: ['Анна', 'Мария', 'Елена', 'Ольга', 'Наталья', 'Ирина', 'Татьяна', 'Светлана', 'Юлия', 'Дарья', 'Ксения', 'Алина'],
    lastNames: ['Иванова', 'Смирнова', 'Кузнецова', 'Попова', 'Соколова', 'Лебедева', 'Морозова'],
    masters: ['Виктория Орлова', 'Екатерина Белова', 'Полина Зайцева', 'Марина Волкова'],
    services: [['Женская стрижка', 2500, 60], ['Окрашивание', 5500, 150], ['Маникюр с покрытием', 2200, 90], ['Педикюр', 2800, 90], ['Укладка', 1500, 45], ['Уход за лицом', 3500, 60]],
    blacklist: ['Просила не писать', 'Номер сменил владельца', 'Жалоба на рассылку'],
  },
  uk: {
    salon: 'Салон краси «Лаванда»',
    address: 'вул. Хрещатик, 12',
    firstNames: ['Анна', 'Марія', 'Олена', 'Ольга', 'Наталія', 'Ірина', 'Тетяна', 'Світлана', 'Юлія', 'Дарина', 'Оксана', 'Софія'],
    lastNames: ['Шевченко', 'Коваленко', 'Бондаренко', 'Ткаченко', 'Кравченко', 'Мельник', 'Савчук'],
    masters: ['Вікторія Орленко', 'Катерина Білик', 'Поліна Зайченко', 'Марина Вовк'],
    services: [['Жіноча стрижка', 600, 60], ['Фарбування', 1500, 150], ['Манікюр з покриттям', 550, 90], ['Педикюр', 700, 90], ['Укладка', 400, 45], ['Догляд за обличчям', 900, 60]],
    blacklist: ['Просила не писати', 'Номер змінив власника', 'Скарга на розсилку'],
  },
  en: {
    salon: 'Lavender Beauty Studio',
    address: '12 Baker Street',
    firstNames: ['Emma', 'Olivia', 'Sophie', 'Grace', 'Chloe', 'Lucy', 'Amelia', 'Hannah', 'Megan', 'Ella', 'Ruby', 'Zoe'],
    lastNames: ['Smith', 'Jones', 'Taylor', 'Brown', 'Wilson', 'Evans', 'Walker'],
    masters: ['Victoria Hale', 'Kate Bell', 'Paula Hart', 'Marina Wolfe'],
    services: [["Women's haircut", 45, 60], ['Colouring', 110, 150], ['Gel manicure', 35, 90], ['Pedicure', 40, 90], ['Blow-dry', 30, 45], ['Facial', 60, 60]],
    blacklist: ['Asked not to be messaged', 'Number changed hands', 'Complained about messages'],
  },
  pt_br: {
    salon: 'Studio de Beleza Lavanda',
    address: 'Rua Augusta, 12',
    firstNames: ['Ana', 'Maria', 'Juliana', 'Camila', 'Fernanda', 'Beatriz', 'Larissa', 'Mariana', 'Gabriela', 'Letícia', 'Bruna', 'Carolina'],
    lastNames: ['Silva', 'Santos', 'Oliveira', 'Souza', 'Lima', 'Pereira', 'Costa'],
    masters: ['Vitória Ramos', 'Catarina Melo', 'Paula Rocha', 'Marina Lobo'],
    services: [['Corte feminino', 120, 60], ['Coloração', 300, 150], ['Manicure em gel', 90, 90], ['Pedicure', 100, 90], ['Escova', 70, 45], ['Limpeza de pele', 160, 60]],
    blacklist: ['Pediu para não receber mensagens', 'Número mudou de dono', 'Reclamou das mensagens'],
  },
};
