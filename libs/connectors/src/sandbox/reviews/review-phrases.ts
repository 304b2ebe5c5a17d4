/** How a review reads: its score decides which phrases it is written from. */
export type Sentiment = 'positive' | 'mixed' | 'negative';

/** Phrases a guest might write at one sentiment. */
interface PhraseSet {
  readonly titles: readonly string[];
  readonly sentences: readonly string[];
}

/** What guests write in one language. */
export interface LanguagePhrases {
  /** Put between sentences: a space, except in Japanese. */
  readonly sentenceSeparator: string;
  readonly bySentiment: Readonly<Record<Sentiment, PhraseSet>>;
}

/** Small banks of review text per review language, written natively rather than translated word for word. */
export const REVIEW_PHRASES: Readonly<Record<string, LanguagePhrases>> = {
  en: {
    sentenceSeparator: ' ',
    bySentiment: {
      positive: {
        titles: ['Wonderful stay', 'Would come back in a heartbeat', 'Exceeded our expectations'],
        sentences: [
          'The staff were warm and helpful from the moment we arrived.',
          'Our room was spotless and the bed very comfortable.',
          'Great location, close to everything we wanted to see.',
          'Breakfast was excellent, with plenty of fresh choices.',
        ],
      },
      mixed: {
        titles: ['Good, but not perfect', 'Decent stay overall', 'Fine for a few nights'],
        sentences: [
          'The location is good, though the street can be noisy at night.',
          'The room was clean but smaller than in the photos.',
          'Staff were friendly, but check-in took a while.',
          'Breakfast was fine, if a little repetitive.',
        ],
      },
      negative: {
        titles: ['Disappointing', 'Not worth the price', 'Would not stay again'],
        sentences: [
          'The room was not clean when we arrived.',
          'The air conditioning did not work and nobody fixed it.',
          'Staff seemed uninterested in helping.',
          'Very noisy at night; we hardly slept.',
        ],
      },
    },
  },
  es: {
    sentenceSeparator: ' ',
    bySentiment: {
      positive: {
        titles: ['Estancia maravillosa', 'Volveríamos sin dudarlo', 'Superó nuestras expectativas'],
        sentences: [
          'El personal fue atento y amable desde el primer momento.',
          'La habitación estaba impecable y la cama era muy cómoda.',
          'Ubicación excelente, cerca de todo lo que queríamos ver.',
          'El desayuno era excelente, con mucha variedad de productos frescos.',
        ],
      },
      mixed: {
        titles: ['Bien, pero mejorable', 'Una estancia correcta', 'Correcto para unas noches'],
        sentences: [
          'La ubicación es buena, aunque la calle es ruidosa por la noche.',
          'La habitación estaba limpia pero era más pequeña que en las fotos.',
          'El personal era amable, pero el check-in fue lento.',
          'El desayuno estaba bien, aunque algo repetitivo.',
        ],
      },
      negative: {
        titles: ['Decepcionante', 'No vale lo que cuesta', 'No volveríamos'],
        sentences: [
          'La habitación no estaba limpia cuando llegamos.',
          'El aire acondicionado no funcionaba y nadie lo arregló.',
          'El personal no mostró ningún interés en ayudar.',
          'Mucho ruido por la noche; apenas dormimos.',
        ],
      },
    },
  },
  fr: {
    sentenceSeparator: ' ',
    bySentiment: {
      positive: {
        titles: ['Séjour merveilleux', 'Nous reviendrons sans hésiter', 'Au-delà de nos attentes'],
        sentences: [
          'Le personnel a été chaleureux et serviable dès notre arrivée.',
          'La chambre était impeccable et le lit très confortable.',
          'Emplacement idéal, proche de tout ce que nous voulions voir.',
          'Le petit-déjeuner était excellent, avec beaucoup de produits frais.',
        ],
      },
      mixed: {
        titles: ['Bien, mais pas parfait', "Séjour correct dans l'ensemble", 'Convenable pour quelques nuits'],
        sentences: [
          "L'emplacement est bon, mais la rue est bruyante la nuit.",
          'La chambre était propre mais plus petite que sur les photos.',
          "Le personnel était aimable, mais l'enregistrement a pris du temps.",
          'Le petit-déjeuner était correct, quoique un peu répétitif.',
        ],
      },
      negative: {
        titles: ['Décevant', 'Pas à la hauteur du prix', 'Nous ne reviendrons pas'],
        sentences: [
          "La chambre n'était pas propre à notre arrivée.",
          "La climatisation ne fonctionnait pas et personne ne l'a réparée.",
          'Le personnel ne semblait pas vouloir nous aider.',
          'Très bruyant la nuit ; nous avons à peine dormi.',
        ],
      },
    },
  },
  de: {
    sentenceSeparator: ' ',
    bySentiment: {
      positive: {
        titles: ['Wunderbarer Aufenthalt', 'Jederzeit wieder', 'Hat unsere Erwartungen übertroffen'],
        sentences: [
          'Das Personal war vom ersten Moment an herzlich und hilfsbereit.',
          'Das Zimmer war makellos sauber und das Bett sehr bequem.',
          'Tolle Lage, nah an allem, was wir sehen wollten.',
          'Das Frühstück war hervorragend, mit viel frischer Auswahl.',
        ],
      },
      mixed: {
        titles: ['Gut, aber nicht perfekt', 'Insgesamt ordentlich', 'Für ein paar Nächte in Ordnung'],
        sentences: [
          'Die Lage ist gut, aber die Straße ist nachts laut.',
          'Das Zimmer war sauber, aber kleiner als auf den Fotos.',
          'Das Personal war freundlich, der Check-in dauerte jedoch lange.',
          'Das Frühstück war in Ordnung, wenn auch etwas eintönig.',
        ],
      },
      negative: {
        titles: ['Enttäuschend', 'Den Preis nicht wert', 'Nie wieder'],
        sentences: [
          'Das Zimmer war bei unserer Ankunft nicht sauber.',
          'Die Klimaanlage funktionierte nicht und niemand hat sie repariert.',
          'Das Personal zeigte kein Interesse zu helfen.',
          'Nachts sehr laut; wir haben kaum geschlafen.',
        ],
      },
    },
  },
  it: {
    sentenceSeparator: ' ',
    bySentiment: {
      positive: {
        titles: ['Soggiorno meraviglioso', 'Torneremmo subito', 'Oltre le aspettative'],
        sentences: [
          'Il personale è stato cordiale e disponibile fin dal nostro arrivo.',
          'La camera era pulitissima e il letto molto comodo.',
          'Posizione ottima, vicina a tutto ciò che volevamo vedere.',
          'La colazione era eccellente, con tanti prodotti freschi.',
        ],
      },
      mixed: {
        titles: ['Buono, ma non perfetto', 'Nel complesso discreto', 'Va bene per qualche notte'],
        sentences: [
          'La posizione è buona, ma la strada è rumorosa di notte.',
          'La camera era pulita ma più piccola che nelle foto.',
          'Il personale era gentile, ma il check-in è stato lento.',
          "La colazione era discreta, anche se un po' ripetitiva.",
        ],
      },
      negative: {
        titles: ['Deludente', 'Non vale il prezzo', 'Non torneremo'],
        sentences: [
          'La camera non era pulita al nostro arrivo.',
          "L'aria condizionata non funzionava e nessuno l'ha riparata.",
          'Il personale non sembrava interessato ad aiutarci.',
          'Molto rumoroso di notte; abbiamo dormito pochissimo.',
        ],
      },
    },
  },
  pt: {
    sentenceSeparator: ' ',
    bySentiment: {
      positive: {
        titles: ['Estadia maravilhosa', 'Voltaríamos sem hesitar', 'Superou as nossas expectativas'],
        sentences: [
          'O pessoal foi simpático e prestável desde a chegada.',
          'O quarto estava impecável e a cama era muito confortável.',
          'Excelente localização, perto de tudo o que queríamos ver.',
          'O pequeno-almoço era excelente, com muitas opções frescas.',
        ],
      },
      mixed: {
        titles: ['Bom, mas não perfeito', 'Estadia razoável', 'Serve para algumas noites'],
        sentences: [
          'A localização é boa, mas a rua é barulhenta à noite.',
          'O quarto estava limpo, mas era mais pequeno do que nas fotos.',
          'O pessoal era simpático, mas o check-in demorou.',
          'O pequeno-almoço era razoável, embora um pouco repetitivo.',
        ],
      },
      negative: {
        titles: ['Dececionante', 'Não vale o preço', 'Não voltaríamos'],
        sentences: [
          'O quarto não estava limpo quando chegámos.',
          'O ar condicionado não funcionava e ninguém o reparou.',
          'O pessoal não mostrou interesse em ajudar.',
          'Muito barulho à noite; quase não dormimos.',
        ],
      },
    },
  },
  nl: {
    sentenceSeparator: ' ',
    bySentiment: {
      positive: {
        titles: ['Heerlijk verblijf', 'We komen zeker terug', 'Boven verwachting'],
        sentences: [
          'Het personeel was vanaf het begin hartelijk en behulpzaam.',
          'De kamer was brandschoon en het bed heel comfortabel.',
          'Top locatie, dicht bij alles wat we wilden zien.',
          'Het ontbijt was uitstekend, met veel verse keuze.',
        ],
      },
      mixed: {
        titles: ['Goed, maar niet perfect', 'Al met al redelijk', 'Prima voor een paar nachten'],
        sentences: [
          "De locatie is goed, maar de straat is 's nachts lawaaierig.",
          "De kamer was schoon maar kleiner dan op de foto's.",
          'Het personeel was vriendelijk, maar het inchecken duurde lang.',
          'Het ontbijt was prima, al wat eentonig.',
        ],
      },
      negative: {
        titles: ['Teleurstellend', 'Het geld niet waard', 'Nooit meer'],
        sentences: [
          'De kamer was niet schoon bij aankomst.',
          'De airco werkte niet en niemand heeft hem gerepareerd.',
          'Het personeel had geen zin om te helpen.',
          "Erg lawaaierig 's nachts; we hebben nauwelijks geslapen.",
        ],
      },
    },
  },
  ja: {
    sentenceSeparator: '',
    bySentiment: {
      positive: {
        titles: ['素晴らしい滞在', 'また必ず泊まりたい', '期待以上でした'],
        sentences: [
          'スタッフは到着した瞬間から親切で丁寧でした。',
          '部屋はとても清潔で、ベッドも快適でした。',
          '立地が良く、見たい場所にすぐ行けました。',
          '朝食は新鮮な料理が多く、とても美味しかったです。',
        ],
      },
      mixed: {
        titles: ['良いが完璧ではない', 'まずまずの滞在', '数泊なら問題なし'],
        sentences: [
          '立地は良いですが、夜は通りが少しうるさいです。',
          '部屋は清潔でしたが、写真より狭かったです。',
          'スタッフは親切でしたが、チェックインに時間がかかりました。',
          '朝食は普通で、少し単調でした。',
        ],
      },
      negative: {
        titles: ['残念でした', '値段に見合わない', 'もう泊まりません'],
        sentences: [
          '到着時、部屋が清潔ではありませんでした。',
          'エアコンが壊れていて、誰も直してくれませんでした。',
          'スタッフは対応に消極的でした。',
          '夜はとてもうるさく、ほとんど眠れませんでした。',
        ],
      },
    },
  },
};
