console.log('api');
