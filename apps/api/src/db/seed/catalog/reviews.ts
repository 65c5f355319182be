/** Turkish review phrases; the generator combines them so 2,500 reviews do not repeat verbatim. */

export const REVIEWER_FIRST_NAMES = [
  'Ayşe',
  'Mehmet',
  'Fatma',
  'Mustafa',
  'Emine',
  'Ahmet',
  'Hatice',
  'Ali',
  'Zeynep',
  'Hüseyin',
  'Elif',
  'Hasan',
  'Merve',
  'İbrahim',
  'Büşra',
  'Murat',
  'Esra',
  'Emre',
  'Özge',
  'Burak',
  'Gizem',
  'Oğuz',
  'Selin',
  'Can',
  'Damla',
  'Kerem',
  'İrem',
  'Serkan',
  'Tuğba',
  'Çağrı',
  'Gül',
  'Barış',
  'Şeyma',
  'Onur',
  'Ebru',
  'Tolga',
  'Derya',
  'Uğur',
  'Pınar',
  'Yusuf',
];

export const REVIEWER_LAST_INITIALS = ['A', 'B', 'C', 'Ç', 'D', 'E', 'G', 'K', 'Ö', 'Ş', 'T', 'U', 'Y', 'Z', 'S', 'İ'];

export const REVIEW_TITLES: Record<number, string[]> = {
  5: [
    'Harika bir ürün',
    'Kesinlikle tavsiye ederim',
    'Fiyatına göre mükemmel',
    'Beklentimin çok üzerinde',
    'Çok memnunum',
    'Tam aradığım gibi',
  ],
  4: ['Gayet başarılı', 'Memnun kaldım', 'Fiyat/performans iyi', 'Güzel ama küçük eksikleri var', 'Tavsiye ederim'],
  3: ['İdare eder', 'Ortalama bir ürün', 'Beklentimi tam karşılamadı', 'Fena değil'],
  2: ['Pek memnun kalmadım', 'Beklediğim gibi çıkmadı', 'Fiyatını hak etmiyor'],
  1: ['Hayal kırıklığı', 'Tavsiye etmiyorum', 'Maalesef iade ettim'],
};

/** Category-specific praise and complaints, keyed by top-level category slug. */
export const REVIEW_PHRASES: Record<string, { good: string[]; bad: string[] }> = {
  telefon: {
    good: [
      'Kamerası gerçekten çok iyi, gece çekimleri bile net.',
      'Bataryası bir günü rahatça çıkarıyor.',
      'Ekranı çok parlak ve akıcı.',
      'Oyunlarda hiç takılma yaşamadım.',
      'Elde tutuşu çok rahat.',
    ],
    bad: [
      'Şarj süresi biraz uzun.',
      'Yoğun kullanımda ısınıyor.',
      'Kutudan şarj aleti çıkmıyor.',
      'Hoparlör sesi biraz zayıf.',
    ],
  },
  laptop: {
    good: [
      'Açılışı çok hızlı, programlar anında açılıyor.',
      'Ekran kalitesi çok iyi.',
      'Klavyesi yazarken çok rahat.',
      'Oyunlarda yüksek ayarlarda sorunsuz çalışıyor.',
      'Pil ömrü beklediğimden iyi.',
    ],
    bad: [
      'Fan sesi yük altında yüksek.',
      'Biraz ağır, taşıması zor.',
      'Hoparlörleri zayıf.',
      'Şarj adaptörü çok büyük.',
    ],
  },
  tablet: {
    good: [
      'Film izlemek için harika.',
      'Çocuklar için de çok kullanışlı oldu.',
      'Not almak için ideal.',
      'Ekranı göz yormuyor.',
    ],
    bad: ['Kalem ayrıca satılıyor.', 'Şarjı biraz geç doluyor.', 'Kılıfı ayrıca almak gerekiyor.'],
  },
  kulaklik: {
    good: [
      'Ses kalitesi muhteşem, baslar çok dolu.',
      'Gürültü engelleme metroda hayat kurtarıyor.',
      'Uzun süre takınca bile kulak ağrıtmıyor.',
      'Bağlantı hiç kopmuyor.',
      'Mikrofonu görüşmelerde net.',
    ],
    bad: ['Kulak yastıkları biraz sıcak yapıyor.', 'Uygulaması daha iyi olabilirdi.', 'Kutusu biraz büyük.'],
  },
  televizyon: {
    good: [
      'Görüntü kalitesi inanılmaz.',
      'Maç izlerken hareketler çok akıcı.',
      'Akıllı TV menüsü hızlı ve kullanışlı.',
      'Renkler çok canlı.',
    ],
    bad: [
      'Dahili hoparlör orta seviyede, ses sistemi öneririm.',
      'Kumandası biraz ucuz hissettiriyor.',
      'Kurulum için destek almak gerekti.',
    ],
  },
  kamera: {
    good: [
      'Otomatik odaklama çok hızlı.',
      'Fotoğraf kalitesi profesyonel seviyede.',
      'Video sabitleme çok başarılı.',
      'Menüleri anlaşılır.',
    ],
    bad: ['Pil ömrü kısa, yedek pil şart.', 'Lensi ayrıca almak gerekiyor.', 'Biraz ağır.'],
  },
  spor: {
    good: [
      'Malzeme kalitesi çok iyi.',
      'Kullanımı çok rahat.',
      'Fiyatına göre çok sağlam.',
      'Her gün kullanıyorum, memnunum.',
    ],
    bad: ['Kargo paketi biraz hasarlı geldi.', 'Kurulumu biraz uğraştırdı.', 'Rengi fotoğraftakinden biraz farklı.'],
  },
  'beyaz-esya': {
    good: [
      'Çok sessiz çalışıyor.',
      'Enerji tüketimi gerçekten düşük.',
      'Geniş iç hacmi çok işime yaradı.',
      'Kurulum ekibi çok ilgiliydi.',
    ],
    bad: ['Teslimat biraz gecikti.', 'Kapak sesi biraz yüksek.', 'Programlar biraz uzun sürüyor.'],
  },
  oyuncak: {
    good: [
      'Çocuğum çok sevdi, elinden bırakmıyor.',
      'Parçalar çok kaliteli.',
      'Aile olarak çok eğlendik.',
      'Hediye olarak aldım, çok beğenildi.',
    ],
    bad: ['Kutusu ezik geldi.', 'Pil dahil değildi.', 'Yaş grubu için biraz zor.'],
  },
  giyim: {
    good: ['Kumaşı çok kaliteli.', 'Kalıbı tam oturdu.', 'Yıkamadan sonra çekmedi.', 'Rengi fotoğraftaki gibi.'],
    bad: ['Bir beden büyük almak gerekiyor.', 'Kumaşı biraz ince.', 'Rengi fotoğraftakinden koyu.'],
  },
  aksesuar: {
    good: [
      'Şarj hızı gerçekten çok yüksek.',
      'Kompakt ve taşıması kolay.',
      'Malzeme kalitesi iyi.',
      'Telefonuma tam uydu.',
    ],
    bad: ['Kablo biraz kısa.', 'Kullanırken biraz ısınıyor.', 'Kutu içeriği sade.'],
  },
};

export const REVIEW_CLOSERS: Record<number, string[]> = {
  5: ['Herkese tavsiye ederim.', 'Satıcı da çok hızlı gönderdi.', 'Paranızın karşılığını fazlasıyla alıyorsunuz.'],
  4: ['Genel olarak memnunum.', 'Bu fiyata tavsiye ederim.', 'Küçük eksiklerine rağmen iyi bir tercih.'],
  3: ['Beklentiniz çok yüksek değilse idare eder.', 'İndirimde alınabilir.', 'Daha iyisi olabilirdi.'],
  2: ['Bir daha almayı düşünmem.', 'Fiyatına göre beklentimi karşılamadı.'],
  1: ['İade sürecindeyim.', 'Kesinlikle almayın.'],
};
